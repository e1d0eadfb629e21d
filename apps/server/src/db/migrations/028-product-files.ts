import type { Migration } from './index.js';

type Integer = 'INTEGER' | 'BIGINT';

const tables = (big: Integer, strict: string) => [
  `CREATE TABLE product_files (
    id TEXT PRIMARY KEY,
    product_id TEXT NOT NULL REFERENCES products(id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    upload_id TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL,
    size ${big} NOT NULL,
    format TEXT NOT NULL,
    sha256 TEXT NOT NULL DEFAULT '',
    created_at ${big} NOT NULL,
    updated_at ${big} NOT NULL
  )${strict}`,
  `CREATE INDEX product_files_product ON product_files (product_id, position)`,
  `CREATE TABLE order_file_downloads (
    order_id TEXT NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
    file_id TEXT NOT NULL,
    downloads_used INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (order_id, file_id)
  )${strict}`,
  `CREATE TABLE download_file_usage (
    order_id TEXT NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
    file_id TEXT NOT NULL,
    bytes_since_count ${big} NOT NULL DEFAULT 0,
    PRIMARY KEY (order_id, file_id)
  )${strict}`,
  `ALTER TABLE downloads ADD COLUMN file_id TEXT`,
];

/**
 * What was one file per product carries over as each product's first file, its id the
 * product's own (unique, and the same on both databases), named after the product. An order's
 * downloads and bytes so far count against that first file; old links without a file mean it.
 */
const carriedOver = [
  `INSERT INTO product_files
     (id, product_id, position, upload_id, name, size, format, sha256, created_at, updated_at)
   SELECT p.id, p.id, 0, p.digital_file_id, p.title, p.digital_file_size, p.digital_file_format,
          coalesce((SELECT u.sha256 FROM uploads u
                    WHERE 'secure-digital-products/' || u.id = p.digital_file_id), ''),
          p.created_at, p.updated_at
   FROM products p`,
  `INSERT INTO order_file_downloads (order_id, file_id, downloads_used)
   SELECT id, product_id, downloads_used FROM orders WHERE downloads_used > 0`,
  `INSERT INTO download_file_usage (order_id, file_id, bytes_since_count)
   SELECT du.order_id, o.product_id, du.bytes_since_count
   FROM download_usage du JOIN orders o ON o.id = du.order_id`,
  `UPDATE downloads SET file_id = (SELECT o.product_id FROM orders o WHERE o.id = downloads.order_id)`,
];

/**
 * Several files per product (issue 28, decision 036): `product_files` in order, and download
 * counts per file of an order (`order_file_downloads`, the orders feature's; the bytes since the
 * last count in `download_file_usage`, the downloads feature's). `products.digital_file_*` stay,
 * kept equal to the first file by every write.
 */
export const m028ProductFiles: Migration = {
  name: '028-product-files',
  statements: {
    sqlite: [...tables('INTEGER', ' STRICT'), ...carriedOver],
    postgres: [...tables('BIGINT', ''), ...carriedOver],
  },
};
