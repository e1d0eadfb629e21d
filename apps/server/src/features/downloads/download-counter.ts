import { pipeline, Transform, type Readable } from 'node:stream';
import { OrderMessages } from '@bindery/shared';
import { isSelfCounting } from '../../adapters/storage/storage.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import type { OrdersService } from '../orders/index.js';
import type { DownloadQueries, DownloadsRepo } from './downloads.repo.js';

/**
 * How long a response's hold on its bytes lasts without news from it: renewed while it is sent,
 * so only a hold left by a process that died runs out, and blocks the order no longer than this.
 */
export const LEASE_MS = 60_000;
const RENEW_EVERY_MS = LEASE_MS / 3;
/**
 * Each link is one row, whatever its requests; links themselves cost nothing to make, so the
 * rows an order can add are bounded here: a buyer never needs this many in an hour.
 */
export const MAX_NEW_LINKS_PER_HOUR = 30;
const HOUR_MS = 60 * 60 * 1000;

/** One response's place against the order's limit, from its start until it has closed. */
export interface Reservation {
  orderId: string;
  linkId: string;
  /** The product file served: each file of an order counts on its own (issue 28). */
  fileId: string;
  /** The file's size: each time this many bytes have been served, one download counts. */
  size: number;
  /** The bytes the response is to send. */
  bytes: number;
  /** The bytes held against the limit (0 for an unlimited order, which holds nothing). */
  held: number;
}

/** A response's stream, counting the bytes handed on to the network. */
export interface ServedStream {
  stream: Readable;
  /** The response has closed, `finished` when it was sent in full: counts what was sent, once. */
  settle(finished: boolean): Promise<void>;
}

export interface DownloadCounterOptions {
  repo: DownloadsRepo;
  orders: Pick<OrdersService, 'readFileDownloadsUsed' | 'countFileDownloads'>;
  clock: () => number;
}
/** What the counter's steps share: its options and the responses still being sent. */
interface CounterContext extends DownloadCounterOptions {
  inProgress: Set<Promise<void>>;
}

/**
 * Downloads counted by bytes served (decision 017), per file of an order (issue 28): each time
 * the bytes the responses for one file sent since its last counted download reach its size, one
 * download of that file counts. A response
 * holds the bytes it is about to send before its first byte, so responses in progress count as
 * sent: with a limit of N, no more than N whole files ever leave, whatever the concurrency.
 */
export function createDownloadCounter(options: DownloadCounterOptions) {
  const ctx: CounterContext = { ...options, inProgress: new Set<Promise<void>>() };
  return {
    /**
     * Takes a place for a response about to send `bytes`: 403 "Download limit reached for this
     * order." when there is none. `limit` null (unlimited) holds nothing and locks nothing.
     */
    reserve: (request: Omit<Reservation, 'held'>, limit: number | null) =>
      reserve(ctx, request, limit),

    /**
     * A redirect hands the whole span to the bucket, which tells us nothing of the transfer:
     * checked like a reservation and counted as sent at once.
     */
    countHandedOut: (request: Omit<Reservation, 'held'>, limit: number | null) =>
      countHandedOut(ctx, request, limit),

    /** Gives a place back unused (the file could not be opened). */
    release: (reservation: Reservation) => settle(ctx, reservation, 0),

    /** The file's stream, counted, with its hold kept alive until `settle`. */
    track: (reservation: Reservation, source: Readable) => track(ctx, reservation, source),

    /** Resolves once every response tracked so far has been counted (tests, shutdown). */
    async idle(): Promise<void> {
      await Promise.all([...ctx.inProgress]);
    },
  };
}

export type DownloadCounter = ReturnType<typeof createDownloadCounter>;

async function reserve(
  { repo, orders, clock }: CounterContext,
  request: Omit<Reservation, 'held'>,
  limit: number | null,
): Promise<Reservation> {
  const now = clock();
  const size = Math.max(request.size, 1);
  if (limit === null) {
    if (await repo.isKnownLink(request.linkId)) {
      await repo.noteRequest(request, now);
    } else {
      // A new link is checked against the cap and noted holding the order, so links opened at
      // once cannot pass it together (a link in use locks nothing).
      await repo.transaction(async (tx) => {
        await tx.lockUsage(request.orderId, request.fileId);
        await requireLinkRoom(tx, request, now);
        await tx.noteRequest(request, now);
      });
    }
    return { ...request, size, held: 0 };
  }
  await repo.transaction(async (tx, trx) => {
    await requirePlace(orders, tx, trx, { ...request, size }, limit, now);
    await requireLinkRoom(tx, request, now);
    const hold = { bytes: request.bytes, until: now + LEASE_MS };
    await tx.noteRequest(request, now, hold);
  });
  return { ...request, size, held: request.bytes };
}

async function countHandedOut(
  { repo, orders, clock }: CounterContext,
  request: Omit<Reservation, 'held'>,
  limit: number | null,
): Promise<void> {
  const now = clock();
  const size = Math.max(request.size, 1);
  await repo.transaction(async (tx, trx) => {
    const since =
      limit === null
        ? await tx.lockUsage(request.orderId, request.fileId)
        : await requirePlace(orders, tx, trx, { ...request, size }, limit, now);
    await requireLinkRoom(tx, request, now);
    await tx.noteRequest(request, now);
    await tx.releaseHold(request.linkId, 0, request.bytes);
    await countSent(orders, tx, trx, { ...request, size }, since, request.bytes);
  });
}

function track(ctx: CounterContext, reservation: Reservation, source: Readable): ServedStream {
  const counted = countHandedOn(source);
  const renew = setInterval(() => {
    ctx.repo.renewLease(reservation.linkId, ctx.clock() + LEASE_MS).catch(() => {});
  }, RENEW_EVERY_MS);
  renew.unref();
  let done: () => void = () => {};
  const tracked = new Promise<void>((resolve) => (done = resolve));
  ctx.inProgress.add(tracked);
  let settling: Promise<void> | undefined;
  return {
    stream: counted.stream,
    settle(finished) {
      settling ??= (async () => {
        clearInterval(renew);
        const handedOn = counted.handedOn(finished);
        try {
          await settle(ctx, reservation, Math.max(0, Math.min(handedOn, reservation.bytes)));
        } finally {
          ctx.inProgress.delete(tracked);
          done();
        }
      })();
      return settling;
    },
  };
}

/**
 * The stream to send and the bytes it has handed on to the response so far. A stream that
 * counts them itself (the local disk's) is sent as it is: a stream in between would turn off
 * its two-buffer send, which held a 1 GB download to a third of its speed and let 32 at once
 * grow the server by 190 MiB. Any other goes through a counting step.
 */
function countHandedOn(source: Readable): {
  stream: Readable;
  handedOn: (finished: boolean) => number;
} {
  if (isSelfCounting(source)) return { stream: source, handedOn: () => source.bytesHandedOn };
  let sent = 0;
  const counting = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      sent += chunk.length;
      done(null, chunk);
    },
  });
  // An error of the file's stream reaches the response through `counting`.
  pipeline(source, counting, () => {});
  return {
    stream: counting,
    // Bytes still queued in `counting` never reached the response.
    handedOn: (finished) => (finished ? sent : sent - counting.readableLength),
  };
}

/** Refuses (403) when the downloads counted, sent since and held reach the limit; in `tx`. */
async function requirePlace(
  orders: DownloadCounterOptions['orders'],
  tx: DownloadQueries,
  trx: Db,
  reservation: Omit<Reservation, 'held'>,
  limit: number,
  now: number,
): Promise<number> {
  const { orderId, fileId } = reservation;
  const since = await tx.lockUsage(orderId, fileId);
  const used = await orders.readFileDownloadsUsed(orderId, fileId, trx);
  const held = await tx.heldBytes(orderId, fileId, now);
  if (used + Math.floor((since + held) / reservation.size) >= limit) {
    throw AppError.forbidden(OrderMessages.downloadLimitReached);
  }
  return since;
}

/** Adds bytes sent to the order's file's and counts each whole file they make up; in `tx`. */
async function countSent(
  orders: DownloadCounterOptions['orders'],
  tx: DownloadQueries,
  trx: Db,
  { orderId, fileId, size }: Pick<Reservation, 'orderId' | 'fileId' | 'size'>,
  since: number,
  sent: number,
): Promise<void> {
  if (sent === 0) return;
  const whole = Math.floor((since + sent) / size);
  if (whole > 0) await orders.countFileDownloads(orderId, fileId, whole, trx);
  await tx.setUsage(orderId, fileId, since + sent - whole * size);
}

/** 429 when the order's links first used in the last hour reach the cap and this one is new. */
async function requireLinkRoom(
  queries: Pick<DownloadQueries, 'countNewLinksSince'>,
  request: Pick<Reservation, 'orderId' | 'linkId'>,
  now: number,
): Promise<void> {
  const links = await queries.countNewLinksSince(request.orderId, request.linkId, now - HOUR_MS);
  if (links >= MAX_NEW_LINKS_PER_HOUR) {
    throw AppError.tooManyRequests(OrderMessages.tooManyDownloadLinks, 60);
  }
}

async function settle(
  { repo, orders }: CounterContext,
  reservation: Reservation,
  sent: number,
): Promise<void> {
  const { orderId, fileId, linkId, held } = reservation;
  await repo.transaction(async (tx, trx) => {
    const since = await tx.lockUsage(orderId, fileId);
    await tx.releaseHold(linkId, held, sent);
    await countSent(orders, tx, trx, reservation, since, sent);
  });
}
