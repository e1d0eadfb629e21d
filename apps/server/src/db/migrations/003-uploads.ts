import type { Migration } from './index.js';

const FORMATS = `'pdf', 'zip', 'epub', 'jpeg', 'png', 'webp', 'gif', 'avif'`;

/** Uploaded digital files and images; product_id is set once a product uses the upload. */
export const m003Uploads: Migration = {
  name: '003-uploads',
  statements: {
    sqlite: [
      `CREATE TABLE uploads (
        id TEXT PRIMARY KEY,
        kind TEXT NOT NULL CHECK (kind IN ('file', 'image')),
        format TEXT NOT NULL CHECK (format IN (${FORMATS})),
        file_name TEXT NOT NULL,
        size INTEGER NOT NULL,
        sha256 TEXT NOT NULL,
        product_id TEXT,
        created_at INTEGER NOT NULL
      ) STRICT`,
      `CREATE INDEX uploads_product_id ON uploads (product_id)`,
      `CREATE INDEX uploads_unattached_created_at ON uploads (created_at) WHERE product_id IS NULL`,
    ],
    postgres: [
      `CREATE TABLE uploads (
        id TEXT PRIMARY KEY,
        kind TEXT NOT NULL CHECK (kind IN ('file', 'image')),
        format TEXT NOT NULL CHECK (format IN (${FORMATS})),
        file_name TEXT NOT NULL,
        size BIGINT NOT NULL,
        sha256 TEXT NOT NULL,
        product_id TEXT,
        created_at BIGINT NOT NULL
      )`,
      `CREATE INDEX uploads_product_id ON uploads (product_id)`,
      `CREATE INDEX uploads_unattached_created_at ON uploads (created_at) WHERE product_id IS NULL`,
    ],
  },
};
