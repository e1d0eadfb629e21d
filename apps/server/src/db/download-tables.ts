import type { ColumnType, Generated } from 'kysely';

// The downloads feature's tables (decision 017), apart so types.ts stays small.

/**
 * A download link whose download completed (decision 017 before migration 016): no longer
 * written, since downloads are counted by bytes served.
 */
export interface DownloadCompletionsTable {
  linkId: string;
  orderId: string;
  completedAt: number;
}

/** One row per download link (per request from byte 0 before migration 016). */
export interface DownloadsTable {
  id: Generated<number>;
  orderId: string;
  /** The first request through the link. */
  createdAt: number;
  /** Null on rows from before migration 016. */
  linkId: string | null;
  requests: Generated<number>;
  /** Bytes its responses handed to the network. */
  bytesServed: Generated<number>;
  /** Bytes its responses in progress may still send, held against the limit until `leaseUntil`. */
  reservedBytes: Generated<number>;
  leaseUntil: Generated<number>;
  /** The product file the link serves (migration 028); null on older rows: the first file. */
  fileId: ColumnType<string | null, string | null | undefined, string | null>;
}

/** Per order: bytes served since its last counted download; locked by each reservation. */
export interface DownloadUsageTable {
  orderId: string;
  bytesSinceCount: number;
}
