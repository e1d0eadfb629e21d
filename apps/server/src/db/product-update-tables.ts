// Product updates and who was emailed about them (migration 031, decision 039).

export interface ProductUpdatesTable {
  id: string;
  productId: string;
  createdAt: number;
  /** JSON `{ added, changed, removed }`: file names. */
  changes: string;
  /** The owner's note to buyers; null when buyers were not emailed. */
  message: string | null;
  /** `sending` while batches of emails are still to be queued. */
  mailState: 'none' | 'sending' | 'done';
  /** The last buyer (user id) a batch reached; the next batch starts after it. */
  mailCursor: string | null;
  mailedCount: number;
}

/** One row per buyer emailed about an update: a batch run again skips them. */
export interface ProductUpdateRecipientsTable {
  updateId: string;
  userId: string;
  mailedAt: number;
}
