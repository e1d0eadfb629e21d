import { createHash, randomBytes } from 'node:crypto';
import { DIGITAL_FILES_FOLDER, UploadMessages, type UploadSignature } from '@bindery/shared';
import { AppError } from '../../errors.js';
import type { UploadsRepo } from './uploads.repo.js';

/** The file host's public identifier; the signature, not this, is what authorises an upload. */
export const UPLOAD_API_KEY = 'bindery';
/** The form fields a signed upload carries besides its file. */
export const SIGNED_FIELDS = ['timestamp', 'signature', 'api_key', 'folder'] as const;

const hashSignature = (signature: string) =>
  createHash('sha256').update(signature.toLowerCase()).digest('hex');

export interface UploadSignaturesOptions {
  repo: UploadsRepo;
  ttlSeconds: number;
  clock: () => number;
}

/**
 * The file host's signed-upload protocol. A signature is 32 random bytes handed to an admin's
 * session; the database keeps its hash with that session, so it authorises one upload, by
 * that session, within `ttlSeconds`. A stolen or replayed signature is worth nothing.
 */
export function createUploadSignatures({ repo, ttlSeconds, clock }: UploadSignaturesOptions) {
  return {
    /** What the file host needs to accept one upload by this session in the next `ttlSeconds`. */
    async issue(sessionHash: string): Promise<UploadSignature> {
      const signature = randomBytes(32).toString('hex');
      const issuedAt = clock();
      await repo.insertSignature({
        signatureHash: hashSignature(signature),
        sessionHash,
        issuedAt,
        expiresAt: issuedAt + ttlSeconds * 1000,
        usedAt: null,
      });
      return {
        signature,
        timestamp: Math.floor(issuedAt / 1000),
        api_key: UPLOAD_API_KEY,
        folder: DIGITAL_FILES_FOLDER,
      };
    },

    /**
     * Checks the signed fields and spends the signature. 401 for anything we did not hand out
     * (or not for the digital files folder); 403 for another session's signature, an expired
     * one, or one already used.
     */
    async redeem(
      fields: ReadonlyMap<string, string>,
      sessionHash: string | undefined,
    ): Promise<void> {
      const timestamp = fields.get('timestamp') ?? '';
      const signature = fields.get('signature') ?? '';
      const isWellFormed =
        fields.get('api_key') === UPLOAD_API_KEY &&
        fields.get('folder') === DIGITAL_FILES_FOLDER &&
        /^\d{1,12}$/.test(timestamp) &&
        /^[0-9a-fA-F]{64}$/.test(signature);
      if (!isWellFormed) throw AppError.unauthorized(UploadMessages.badSignature);
      const signatureHash = hashSignature(signature);
      const row = await repo.findSignature(signatureHash);
      if (!row || Math.floor(row.issuedAt / 1000) !== Number(timestamp)) {
        throw AppError.unauthorized(UploadMessages.badSignature);
      }
      if (row.sessionHash !== sessionHash) {
        throw AppError.forbidden(UploadMessages.otherSessionSignature);
      }
      const now = clock();
      if (now > row.expiresAt) throw AppError.forbidden(UploadMessages.expiredSignature);
      // Conditional, so two uploads racing with one signature cannot both spend it.
      if (row.usedAt !== null || !(await repo.useSignature(signatureHash, row.sessionHash, now))) {
        throw AppError.forbidden(UploadMessages.usedSignature);
      }
    },

    /** Forgets signatures that can no longer be used. */
    async sweepExpired(): Promise<void> {
      await repo.deleteSignaturesExpiredBefore(clock());
    },
  };
}

export type UploadSignatures = ReturnType<typeof createUploadSignatures>;
