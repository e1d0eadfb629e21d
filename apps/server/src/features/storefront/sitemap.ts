import type { CatalogService } from '../catalog/index.js';
import { escapeXml } from '../../lib/html.js';

/** The sitemap protocol's limit of addresses per file. */
export const SITEMAP_URLS_PER_FILE = 50_000;

/** Rows read from the database at a time while a sitemap file is written. */
const BATCH = 5_000;

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9';

export interface SitemapOptions {
  catalog: Pick<CatalogService, 'countProducts' | 'listProductDates'>;
  publicUrl: string;
  urlsPerFile?: number;
}

/**
 * The store's addresses for search engines: the catalogue, then every live product. Up to
 * `urlsPerFile` addresses /sitemap.xml lists them itself; past that it is an index of
 * /sitemap-1.xml, /sitemap-2.xml… each holding `urlsPerFile`. Files are written as they are
 * read, a batch of rows at a time.
 */
export function createSitemap({
  catalog,
  publicUrl,
  urlsPerFile = SITEMAP_URLS_PER_FILE,
}: SitemapOptions) {
  /** Files needed for the catalogue page and `products` products. */
  const filesFor = (products: number) => Math.max(1, Math.ceil((products + 1) / urlsPerFile));

  /** Addresses [start, end) of the whole list: 0 is the catalogue, i the (i-1)th product. */
  async function* urls(start: number, end: number): AsyncGenerator<string> {
    yield XML_HEAD + `<urlset xmlns="${NAMESPACE}">\n`;
    if (start === 0) yield `<url><loc>${escapeXml(`${publicUrl}/store/products`)}</loc></url>\n`;
    for (let offset = Math.max(0, start - 1); offset < end - 1; offset += BATCH) {
      const rows = await catalog.listProductDates(offset, Math.min(BATCH, end - 1 - offset));
      if (rows.length === 0) break;
      yield rows
        .map(
          (row) =>
            `<url><loc>${escapeXml(`${publicUrl}/store/product/${encodeURIComponent(row.id)}`)}</loc>` +
            `<lastmod>${new Date(row.updatedAt).toISOString()}</lastmod></url>\n`,
        )
        .join('');
    }
    yield '</urlset>\n';
  }

  async function* index(files: number): AsyncGenerator<string> {
    yield XML_HEAD + `<sitemapindex xmlns="${NAMESPACE}">\n`;
    for (let file = 1; file <= files; file += 1) {
      yield `<sitemap><loc>${escapeXml(`${publicUrl}/sitemap-${file}.xml`)}</loc></sitemap>\n`;
    }
    yield '</sitemapindex>\n';
  }

  return {
    /** /sitemap.xml: every address, or the index of the files that hold them. */
    async root(): Promise<AsyncGenerator<string>> {
      const products = await catalog.countProducts();
      const files = filesFor(products);
      return files === 1 ? urls(0, products + 1) : index(files);
    },

    /** /sitemap-N.xml (N from 1), or undefined past the last file. */
    async file(n: number): Promise<AsyncGenerator<string> | undefined> {
      const products = await catalog.countProducts();
      if (!Number.isSafeInteger(n) || n < 1 || n > filesFor(products)) return undefined;
      const start = (n - 1) * urlsPerFile;
      return urls(start, Math.min(start + urlsPerFile, products + 1));
    },
  };
}

/** What crawlers may read: the catalogue and products, not the API, accounts, orders or admin. */
export function robotsTxt(publicUrl: string): string {
  const private_ = [
    '/api/',
    '/checkout/',
    '/store/login',
    '/store/forgot-password',
    '/store/reset-password',
    '/store/account',
    '/store/my-orders',
    '/store/success',
    '/store/cancel',
    '/store/dashboard',
    '/store/orders',
    '/store/sales',
    '/store/discounts',
    '/store/email',
  ];
  return [
    'User-agent: *',
    ...private_.map((path) => `Disallow: ${path}`),
    'Allow: /',
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}
