import type { Product } from '@bindery/shared';
import { loadMarkdown } from '../../lib/load-markdown.js';

/**
 * A product answer for its own page, with the description rendered from Markdown: the page
 * shows this HTML as it is, in the server's markup and in the app, so the browser never loads
 * the parser to show a product (decision 040).
 */
export async function withDescriptionHtml(product: Product): Promise<Product> {
  const { renderMarkdown } = await loadMarkdown();
  return { ...product, descriptionHtml: renderMarkdown(product.description) };
}
