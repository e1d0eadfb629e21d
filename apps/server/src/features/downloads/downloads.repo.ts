import type { Db, Dialect } from '../../db/client.js';
import { lastDownloadQueries } from './last-downloads.repo.js';

/** A hold on bytes a response may still send, while its lease lasts. */
export interface ByteHold {
  bytes: number;
  until: number;
}

/** Every query of the downloads feature, plus `transaction()` to run several as one. */
export function createDownloadsRepo(db: Db, dialect: Dialect) {
  return {
    ...downloadQueries(db, dialect),
    /**
     * Runs `work` in one transaction: `tx` holds the same queries bound to it, and `trx` is the
     * transaction itself, for the orders service to join (the order's count of downloads).
     */
    transaction<T>(work: (tx: DownloadQueries, trx: Db) => Promise<T>): Promise<T> {
      return db.transaction().execute((trx) => work(downloadQueries(trx, dialect), trx));
    },
  };
}

/** The queries of the downloads feature, written once for both databases; `db` may be a transaction. */ function downloadQueries(
  db: Db,
  dialect: Dialect,
) {
  return { ...usageQueries(db, dialect), ...linkQueries(db), ...lastDownloadQueries(db) };
}

/**
 * One file of an order: the bytes it served since its last counted download, and the bytes its
 * responses in progress hold (each file of an order counts on its own, issue 28).
 */
function usageQueries(db: Db, dialect: Dialect) {
  return {
    /**
     * The bytes the order's file served since its last counted download. On PostgreSQL its row
     * stays locked until the transaction ends, so reservations and counts of one file of one
     * order run one after the other; SQLite runs one write transaction at a time already.
     */
    async lockUsage(orderId: string, fileId: string): Promise<number> {
      await db
        .insertInto('downloadFileUsage')
        .values({ orderId, fileId, bytesSinceCount: 0 })
        .onConflict((oc) => oc.columns(['orderId', 'fileId']).doNothing())
        .execute();
      const query = db
        .selectFrom('downloadFileUsage')
        .select('bytesSinceCount')
        .where('orderId', '=', orderId)
        .where('fileId', '=', fileId);
      const row = await (dialect === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
      return Number(row?.bytesSinceCount ?? 0);
    },

    async setUsage(orderId: string, fileId: string, bytesSinceCount: number): Promise<void> {
      await db
        .updateTable('downloadFileUsage')
        .set({ bytesSinceCount })
        .where('orderId', '=', orderId)
        .where('fileId', '=', fileId)
        .execute();
    },

    /** Bytes held by responses in progress for the order's file whose lease has not run out. */
    async heldBytes(orderId: string, fileId: string, now: number): Promise<number> {
      const row = await db
        .selectFrom('downloads')
        .select((eb) => eb.fn.sum<number | string | null>('reservedBytes').as('held'))
        .where('orderId', '=', orderId)
        // A hold that names no file (left from before migration 028) holds against each of them.
        .where((eb) => eb.or([eb('fileId', '=', fileId), eb('fileId', 'is', null)]))
        .where('leaseUntil', '>', now)
        .executeTakeFirst();
      return Number(row?.held ?? 0);
    },
  };
}

/** Each link's row: its requests, its hold on bytes and the bytes it served. */
function linkQueries(db: Db) {
  /** Whether a request came through this link before. */
  const isKnownLink = async (linkId: string): Promise<boolean> => {
    const known = await db
      .selectFrom('downloads')
      .select('linkId')
      .where('linkId', '=', linkId)
      .executeTakeFirst();
    return known !== undefined;
  };
  return {
    isKnownLink,

    /**
     * How many other links of the order were first used since `since`, or 0 when `linkId` has
     * been used already (its requests add no rows).
     */
    async countNewLinksSince(orderId: string, linkId: string, since: number): Promise<number> {
      if (await isKnownLink(linkId)) return 0;
      const row = await db
        .selectFrom('downloads')
        .select((eb) => eb.fn.countAll<number | string>().as('links'))
        .where('orderId', '=', orderId)
        .where('createdAt', '>', since)
        .executeTakeFirst();
      return Number(row?.links ?? 0);
    },

    /**
     * One request through a link: its row is made on the first and updated on every later one,
     * so a buyer's requests add no rows. `hold` adds to the bytes the link holds (a hold whose
     * lease ran out, left by a process that died, is dropped first).
     */
    noteRequest: (
      link: { orderId: string; linkId: string; fileId: string },
      now: number,
      hold?: ByteHold,
    ) => noteRequest(db, { ...link, now, hold }),

    /** Keeps a link's hold alive while its response is still being sent. */
    async renewLease(linkId: string, until: number): Promise<void> {
      await db
        .updateTable('downloads')
        .set({ leaseUntil: until })
        .where('linkId', '=', linkId)
        .where('reservedBytes', '>', 0)
        .where('leaseUntil', '<', until)
        .execute();
    },

    /** A response ended: its hold is given back and the bytes it sent are added to the link's. */
    async releaseHold(linkId: string, held: number, served: number): Promise<void> {
      await db
        .updateTable('downloads')
        .set((eb) => ({
          reservedBytes: eb
            .case()
            .when('reservedBytes', '>', held)
            .then(eb('reservedBytes', '-', held))
            .else(0)
            .end(),
          bytesServed: eb('bytesServed', '+', served),
        }))
        .where('linkId', '=', linkId)
        .execute();
    },
  };
}

async function noteRequest(
  db: Db,
  {
    orderId,
    linkId,
    fileId,
    now,
    hold,
  }: { orderId: string; linkId: string; fileId: string; now: number; hold?: ByteHold },
): Promise<void> {
  await db
    .insertInto('downloads')
    .values({
      orderId,
      linkId,
      fileId,
      createdAt: now,
      requests: 1,
      reservedBytes: hold?.bytes ?? 0,
      leaseUntil: hold?.until ?? 0,
    })
    .onConflict((oc) =>
      oc.column('linkId').doUpdateSet((eb) => ({
        requests: eb('downloads.requests', '+', 1),
        ...(hold && {
          reservedBytes: eb
            .case()
            .when('downloads.leaseUntil', '>', now)
            .then(eb('downloads.reservedBytes', '+', hold.bytes))
            .else(hold.bytes)
            .end(),
          leaseUntil: hold.until,
        }),
      })),
    )
    .execute();
}

export type DownloadQueries = ReturnType<typeof downloadQueries>;
export type DownloadsRepo = ReturnType<typeof createDownloadsRepo>;
