import type { CatalogRepo, ProductRow } from './catalog.repo.js';
import { filesOrLegacy } from './product-file-list.js';
import { findAnyProduct } from './product-view.js';

/**
 * The stamping columns an edit writes: the switch when the body has it, and the owner's note
 * cleared once stamping is off or the file it was about is replaced.
 */
export function stampingChanges(
  body: { stampPdf?: boolean | undefined },
  current: Pick<ProductRow, 'stampPdf'>,
  isFileReplaced: boolean,
): Partial<Pick<ProductRow, 'stampPdf' | 'stampNote'>> {
  const stampPdf = body.stampPdf === undefined ? (current.stampPdf ?? 0) : body.stampPdf ? 1 : 0;
  return {
    stampPdf,
    ...(stampPdf === 0 || isFileReplaced ? { stampNote: null } : {}),
  };
}

/**
 * Notes on the owner's product that one of its PDFs goes out unstamped, while the product still
 * stamps and still has that file (`uploadId`, any of its files); a note already there stays.
 */
export async function noteStampProblem(
  repo: CatalogRepo,
  productId: string,
  uploadId: string,
  note: string,
): Promise<void> {
  const row = await findAnyProduct(repo, productId);
  if (!row || row.stampPdf !== 1 || (row.stampNote ?? null) !== null) return;
  const files = filesOrLegacy(row, await repo.listProductFiles(productId));
  if (!files.some((file) => file.uploadId === uploadId)) return;
  // Written over the product as read: a save in between (a replaced file) keeps its own note.
  await repo.updateProduct(productId, { stampNote: note }, { updatedAt: row.updatedAt });
}
