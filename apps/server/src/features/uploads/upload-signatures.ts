import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { DIGITAL_FILES_FOLDER, UploadMessages, type UploadSignature } from '@bindery/shared';
import { AppError } from '../../errors.js';

/** The file host's public identifier; the signature, not this, is what authorises an upload. */
export const UPLOAD_API_KEY = 'bindery';
/** The form fields a signed upload carries besides its file. */
export const SIGNED_FIELDS = ['timestamp', 'signature', 'api_key', 'folder'] as const;
/** Clocks disagree a little; a signature from further ahead than this was not made by us now. */
const MAX_FUTURE_SKEW_SECONDS = 60;

/** A key used for upload signatures only, so they can never be confused with other HMACs of the secret. */
export function deriveUploadSigningKey(sessionSecret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', sessionSecret, '', 'bindery upload signature v1', 32));
}

/** HMAC-SHA256 (hex) of the canonical string `folder=<folder>&timestamp=<unix seconds>`. */
export function signUpload(key: Buffer, params: { folder: string; timestamp: number }): string {
  return createHmac('sha256', key)
    .update(`folder=${params.folder}&timestamp=${params.timestamp}`)
    .digest('hex');
}

export interface UploadSignaturesOptions {
  sessionSecret: string;
  ttlSeconds: number;
  clock: () => number;
}

/** The file host's signed-upload protocol: signatures handed to admins, checked on upload. */
export function createUploadSignatures({
  sessionSecret,
  ttlSeconds,
  clock,
}: UploadSignaturesOptions) {
  const signingKey = deriveUploadSigningKey(sessionSecret);
  return {
    /** What the file host needs to accept one upload in the next `ttlSeconds`. */
    create(): UploadSignature {
      const timestamp = Math.floor(clock() / 1000);
      return {
        signature: signUpload(signingKey, { folder: DIGITAL_FILES_FOLDER, timestamp }),
        timestamp,
        api_key: UPLOAD_API_KEY,
        folder: DIGITAL_FILES_FOLDER,
      };
    },

    /** 401 for anything not signed by us (or not for the digital files folder), 403 once it is too old. */
    verify(fields: ReadonlyMap<string, string>): void {
      const timestamp = fields.get('timestamp') ?? '';
      const signature = fields.get('signature') ?? '';
      const isWellFormed =
        fields.get('api_key') === UPLOAD_API_KEY &&
        fields.get('folder') === DIGITAL_FILES_FOLDER &&
        /^\d{1,12}$/.test(timestamp) &&
        /^[0-9a-fA-F]{64}$/.test(signature);
      if (!isWellFormed) throw AppError.unauthorized(UploadMessages.badSignature);
      const expected = Buffer.from(
        signUpload(signingKey, { folder: DIGITAL_FILES_FOLDER, timestamp: Number(timestamp) }),
        'hex',
      );
      if (!timingSafeEqual(expected, Buffer.from(signature, 'hex'))) {
        throw AppError.unauthorized(UploadMessages.badSignature);
      }
      const age = Math.floor(clock() / 1000) - Number(timestamp);
      if (age > ttlSeconds || age < -MAX_FUTURE_SKEW_SECONDS) {
        throw AppError.forbidden(UploadMessages.expiredSignature);
      }
    },
  };
}

export type UploadSignatures = ReturnType<typeof createUploadSignatures>;
