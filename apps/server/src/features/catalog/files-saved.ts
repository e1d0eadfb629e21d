import type { NotifyBuyers } from '@bindery/shared';
import type { Db } from '../../db/client.js';

/** A product's file as a save sees it: enough to tell added, replaced and removed files apart. */
export interface SavedFile {
  /** The product file's id: kept while the same upload stays (renamed or moved). */
  id: string;
  name: string;
  publicId: string;
  /** The content's hash when known: a re-upload of the same bytes is no change. */
  sha256?: string | null;
}

/** What a product save did to the product's files, with the owner's request to email buyers. */
export interface FilesSaved {
  productId: string;
  before: SavedFile[];
  after: SavedFile[];
  notifyBuyers: NotifyBuyers | undefined;
  at: number;
}

/**
 * Called inside the save's transaction (`trx`), so what it records commits with the save; it
 * may refuse the save by throwing (an AppError reaches the client).
 */
export type FilesSavedHook = (saved: FilesSaved, trx: Db) => Promise<void>;
