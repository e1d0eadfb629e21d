/** One stamped copy of an upload for one order (migration 030, decision 038). */
export interface PdfStampsTable {
  orderId: string;
  /** The source upload's id: a replaced file (a new upload) gets a stamp of its own. */
  uploadId: string;
  /** `stamping` while an instance makes it (since `claimedAt`), then `ready` or `failed`. */
  state: 'stamping' | 'ready' | 'failed';
  claimedAt: number;
  storageKey: string | null;
  size: number | null;
  sha256: string | null;
  /** Why it could not be stamped: `encrypted` or `unreadable`. */
  problem: string | null;
}
