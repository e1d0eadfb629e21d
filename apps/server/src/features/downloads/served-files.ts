import type { CatalogService, ProductFile } from '../catalog/index.js';
import { downloadFileName } from './http-headers.js';

/**
 * The product file an order's link serves: the one named, or the product's first (links and
 * the success page from before several files). Always the product's current files: an order
 * points at its product, not a copy. Undefined when the product has no such file.
 */
export async function findOrderFile(
  catalog: Pick<CatalogService, 'listProductFiles'>,
  productId: string,
  fileId?: string,
): Promise<(ProductFile & { isFirst: boolean }) | undefined> {
  const files = await catalog.listProductFiles(productId);
  const index = fileId === undefined ? 0 : files.findIndex((file) => file.id === fileId);
  const file = files[index];
  return file && { ...file, isFirst: index === 0 };
}

/**
 * The name the buyer's copy is saved under: the product's title for its first file, as before
 * several files; the title and the file's display name for the others (`Handbook - EPUB
 * edition.epub`), with the file's own extension. Never the owner's upload name (`final_v3
 * (2).pdf`), and never a path: downloadFileName cleans it.
 */
export function servedFileName(
  title: string,
  file: Pick<ProductFile, 'name' | 'format'> & { isFirst: boolean },
): string {
  const name = file.name.replace(new RegExp(`\\.${file.format}$`, 'i'), '').trim();
  const plain = file.isFirst || name === '' || name === title.trim();
  const base = plain ? title : `${title} - ${name}`;
  return downloadFileName(base, file.format);
}
