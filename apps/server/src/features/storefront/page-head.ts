import {
  CatalogMessages,
  catalogueTitle,
  documentTitle,
  priceDecimals,
  type Product,
} from '@bindery/shared';
import { escapeHtml, jsonForScript } from '../../lib/html.js';

/** What every page's head needs to know about the store. */
export interface StoreFacts {
  storeName: string;
  /** PUBLIC_URL, without a trailing slash: every address in a head is absolute. */
  publicUrl: string;
}

/** A page's `<title>` and the tags after it, ready to put in the head. */
export type PageHead = string;

/** How long a description may run before it is cut (what search results show). */
const DESCRIPTION_CHARS = 160;

/** `/media/images/<id>/original.<ext>`: an image this store holds, with a share picture. */
const OWN_IMAGE = /^\/media\/images\/([A-Za-z0-9_-]{16,64})\/original\.[a-z0-9]+$/;

/** The first product image as a 1200×630 picture for link previews, as an absolute URL. */
export function shareImageUrl(image: string | undefined, publicUrl: string): string | undefined {
  if (!image) return undefined;
  const own = OWN_IMAGE.exec(image);
  if (own) return `${publicUrl}/media/images/${own[1]}/share.jpg`;
  return /^https?:\/\//.test(image) ? image : undefined;
}

/** Markdown's words without the marks (the renderer is loaded on first use, so it is passed in). */
export type ToPlainText = (markdown: string) => string;

/** The subtitle, or the description's opening as plain text cut at a word, on one line. */
export function describeProduct(
  product: Pick<Product, 'subtitle' | 'description'>,
  toPlainText: ToPlainText,
): string {
  const text = (product.subtitle.trim() || toPlainText(product.description))
    .replace(/\s+/g, ' ')
    .trim();
  if (text.length <= DESCRIPTION_CHARS) return text;
  const cut = text.slice(0, DESCRIPTION_CHARS - 1);
  const atWord = cut.lastIndexOf(' ');
  return `${(atWord > DESCRIPTION_CHARS / 2 ? cut.slice(0, atWord) : cut).trimEnd()}…`;
}

const meta = (attribute: 'name' | 'property', key: string, value: string) =>
  `<meta ${attribute}="${key}" content="${escapeHtml(value)}" />`;

/**
 * A product page's head: title, description, canonical address, Open Graph (with price), the
 * large-image Twitter card and schema.org Product JSON-LD with its offer.
 */
export function productHead(
  product: Product,
  store: StoreFacts,
  toPlainText: ToPlainText,
): PageHead {
  const url = `${store.publicUrl}/store/product/${encodeURIComponent(product._id)}`;
  const title = documentTitle(product.title, store.storeName);
  const description = describeProduct(product, toPlainText);
  const image = shareImageUrl(product.image[0], store.publicUrl);
  // Major units in the product's currency, as schema.org and Open Graph take them ("1500" yen).
  const price = product.price.toFixed(priceDecimals(product.currency));
  const images = product.image
    .map((src) => (src.startsWith('/') ? `${store.publicUrl}${src}` : src))
    .filter((src) => /^https?:\/\//.test(src));
  const jsonLd = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.title,
    description,
    sku: product._id,
    url,
    ...(images.length > 0 ? { image: images } : {}),
    offers: {
      '@type': 'Offer',
      url,
      price,
      priceCurrency: product.currency,
      availability: 'https://schema.org/InStock',
    },
  };
  return [
    `<title>${escapeHtml(title)}</title>`,
    meta('name', 'description', description),
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    meta('property', 'og:type', 'product'),
    meta('property', 'og:site_name', store.storeName),
    meta('property', 'og:title', product.title),
    meta('property', 'og:description', description),
    meta('property', 'og:url', url),
    ...(image
      ? [
          meta('property', 'og:image', image),
          ...(image.endsWith('/share.jpg')
            ? [
                meta('property', 'og:image:width', '1200'),
                meta('property', 'og:image:height', '630'),
              ]
            : []),
          meta('property', 'og:image:alt', product.title),
        ]
      : []),
    meta('property', 'product:price:amount', price),
    meta('property', 'product:price:currency', product.currency),
    meta('property', 'og:price:amount', price),
    meta('property', 'og:price:currency', product.currency),
    meta('name', 'twitter:card', image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', product.title),
    meta('name', 'twitter:description', description),
    ...(image ? [meta('name', 'twitter:image', image)] : []),
    `<script type="application/ld+json">${jsonForScript(jsonLd)}</script>`,
  ].join('\n    ');
}

/** The catalogue's head: the store's name, a description and the page's canonical address. */
export function catalogueHead(
  store: StoreFacts,
  { page, search }: { page: number; search: string },
): PageHead {
  const query = new URLSearchParams();
  if (search) query.set('search', search);
  if (page > 1) query.set('page', String(page));
  const url = `${store.publicUrl}/store/products${query.size > 0 ? `?${query}` : ''}`;
  const title = documentTitle(catalogueTitle({ page, search }), store.storeName);
  const description = `Documents, e-books and archives from ${store.storeName}: browse, buy and download at once.`;
  return [
    `<title>${escapeHtml(title)}</title>`,
    meta('name', 'description', description),
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    // Result pages of a search are not pages to list in a search engine.
    ...(search ? [meta('name', 'robots', 'noindex, follow')] : []),
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', store.storeName),
    meta('property', 'og:title', title),
    meta('property', 'og:description', description),
    meta('property', 'og:url', url),
    meta('name', 'twitter:card', 'summary'),
  ].join('\n    ');
}

/** An unknown or archived product: the not-found page's title, kept out of search engines. */
export function notFoundHead(store: StoreFacts): PageHead {
  return [
    `<title>${escapeHtml(documentTitle(CatalogMessages.notFoundTitle, store.storeName))}</title>`,
    meta('name', 'robots', 'noindex'),
  ].join('\n    ');
}
