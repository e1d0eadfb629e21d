import type { Readable } from 'node:stream';
import { StampMessages, stampLine } from '@bindery/shared';
import type { ByteRange, SignedDownloadOptions, Storage } from '../../adapters/storage/storage.js';
import type { AuthService } from '../auth/index.js';
import type { CatalogService } from '../catalog/index.js';
import { DIGITAL_CONTENT_TYPES, type UploadsService } from '../uploads/index.js';
import type { StampProblem } from './stamp-pdf.js';
import type { StampRunner } from './stamp-runner.js';
import { makeStampedCopy } from './stamped-copies.js';
import type { StampRow, StampingRepo } from './stamping.repo.js';

type SourceFile = NonNullable<Awaited<ReturnType<UploadsService['findFile']>>>;

/** The file a download serves: the stamped copy or the original, read the same way. */
export interface ServedFile extends SourceFile {
  /** The bytes (all, or an inclusive range); undefined when the object is gone. */
  open(range?: ByteRange): Promise<{ stream: Readable } | undefined>;
  /** A bucket's presigned URL for it; undefined on the local disk. */
  signedUrl(options: Omit<SignedDownloadOptions, 'contentType'>): Promise<string | undefined>;
}

export interface StampingServiceOptions {
  repo: StampingRepo;
  storage: Storage;
  uploads: Pick<UploadsService, 'openFile' | 'signedFileUrl'>;
  users: Pick<AuthService, 'getUserSummaries'>;
  catalog: Pick<CatalogService, 'noteStampProblem'>;
  runner: StampRunner;
  log: {
    warn(details: object, message: string): void;
    info(details: object, message: string): void;
  };
  clock?: () => number;
  /** A claim older than this is taken to be dead (its instance stopped) and taken over. */
  staleAfterMs?: number;
  /** How often a download waiting for another instance's stamp looks again. */
  pollMs?: number;
}

type StoredCopy = Pick<StampRow, 'storageKey' | 'size' | 'sha256'>;

/** A download's order and file, and whether its product stamps PDFs. */
export interface CopyRequest {
  order: StampedOrder;
  file: SourceFile;
  stampPdf: boolean;
}

export interface StampedOrder {
  id: string;
  orderNumber: number;
  userId: string;
  productId: string;
}

/**
 * PDF stamping (decision 038): the copy of a PDF a buyer downloads carries their email and order
 * number on each page. Made once per order and source upload and kept in storage; the original is
 * never touched. One process makes a given copy at a time (single flight), and one instance of
 * several (a claim row); a PDF that cannot be stamped goes out as it is, once logged and noted.
 */
export function createStampingService(options: StampingServiceOptions) {
  const { repo, uploads, storage, clock = Date.now } = options;
  const flights = new Map<string, Promise<ServedFile>>();

  const original = (file: SourceFile) => servedOriginal(uploads, file);
  const stamped = (file: SourceFile, copy: StoredCopy) => servedCopy(storage, file, copy);

  async function resolve(order: StampedOrder, file: SourceFile): Promise<ServedFile> {
    const staleAfterMs = options.staleAfterMs ?? 6 * 60_000;
    for (;;) {
      const row = await repo.find(order.id, file.id);
      if (row?.state === 'ready') return stamped(file, row);
      const problem = row?.state === 'failed' ? row.problem : await repo.findProblem(file.id);
      if (problem) {
        await noteProblem(order, file, problem as StampProblem);
        return original(file);
      }
      const now = clock();
      if (await repo.claim(order.id, file.id, now, now - staleAfterMs)) {
        return stampClaimed(order, file);
      }
      // Another instance is making it: wait for its row to change (or its claim to go stale).
      await new Promise((done) => setTimeout(done, options.pollMs ?? 250));
    }
  }

  async function stampClaimed(order: StampedOrder, file: SourceFile): Promise<ServedFile> {
    const buyer = (await options.users.getUserSummaries([order.userId])).get(order.userId);
    const started = Date.now();
    let made;
    try {
      made = await makeStampedCopy(
        { storage, uploads, runner: options.runner },
        { orderId: order.id, source: file, line: stampLine(buyer?.email ?? '', order.orderNumber) },
      );
    } catch (error) {
      // Storage failed, not the PDF: the next download tries again.
      await repo.release(order.id, file.id);
      throw error;
    }
    if (!made.stored) {
      const problem = made.reply.ok ? 'unreadable' : made.reply.problem;
      await repo.finish(order.id, file.id, { state: 'failed', problem });
      // Once per order and file: later downloads find the row and say nothing.
      options.log.warn(
        { orderId: order.id, productId: order.productId, uploadId: file.id, problem },
        'PDF could not be stamped; it is served unstamped',
      );
      await noteProblem(order, file, problem);
      return original(file);
    }
    const row = { state: 'ready' as const, ...made.stored };
    await repo.finish(order.id, file.id, row);
    options.log.info(
      {
        orderId: order.id,
        uploadId: file.id,
        ms: Date.now() - started,
        size: row.size,
        stampRssBytes: made.reply.maxRssBytes,
      },
      'PDF stamped',
    );
    return stamped(file, row);
  }

  const noteProblem = (order: StampedOrder, file: SourceFile, problem: StampProblem) =>
    options.catalog.noteStampProblem(
      order.productId,
      file.publicId,
      StampMessages.couldNotStamp(file.fileName, problem),
    );

  return {
    /**
     * The file to serve for this order: its stamped copy when the product stamps PDFs and this
     * is one (made on the first download and kept), else the original.
     */
    async copyFor({ order, file, stampPdf }: CopyRequest): Promise<ServedFile> {
      if (!stampPdf || file.format !== 'pdf') return original(file);
      const key = `${order.id}/${file.id}`;
      let flight = flights.get(key);
      if (!flight) {
        flight = resolve(order, file).finally(() => flights.delete(key));
        flights.set(key, flight);
      }
      return flight;
    },

    /** Stamps made by this process (tests, the benchmark). */
    stampsMade: () => options.runner.runs,
  };
}

export type StampingService = ReturnType<typeof createStampingService>;

const servedOriginal = (
  uploads: StampingServiceOptions['uploads'],
  file: SourceFile,
): ServedFile => ({
  ...file,
  open: (range) => uploads.openFile(file.publicId, range),
  signedUrl: (signing) => uploads.signedFileUrl(file, signing),
});

/** The stamped copy: the source's record with the copy's own size and hash (its ETag). */
function servedCopy(storage: Storage, file: SourceFile, copy: StoredCopy): ServedFile {
  const key = copy.storageKey!;
  return {
    ...file,
    size: copy.size!,
    sha256: copy.sha256!,
    open: (range) => storage.openRead('private', key, range),
    signedUrl: (signing) =>
      storage.signedDownloadUrl(key, { ...signing, contentType: DIGITAL_CONTENT_TYPES.pdf }),
  };
}
