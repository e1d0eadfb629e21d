import type { Migration } from './index.js';

/**
 * Products and their full-text index: FTS5 kept in step by triggers on SQLite, a generated
 * tsvector with a GIN index on PostgreSQL. Title weighs most, then subtitle, then description.
 */
export const m002Products: Migration = {
  name: '002-products',
  statements: {
    sqlite: [
      `CREATE TABLE products (
        id TEXT PRIMARY KEY,
        title TEXT NOT NULL,
        subtitle TEXT NOT NULL DEFAULT '',
        description TEXT NOT NULL,
        price_cents INTEGER NOT NULL CHECK (price_cents > 0),
        images TEXT NOT NULL,
        digital_file_id TEXT NOT NULL,
        digital_file_format TEXT NOT NULL,
        digital_file_size INTEGER NOT NULL,
        digital_file_name TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      ) STRICT`,
      `CREATE INDEX products_created_at ON products (created_at DESC, id DESC)`,
      `CREATE VIRTUAL TABLE products_fts USING fts5(
        title, subtitle, description,
        content = 'products', content_rowid = 'rowid',
        tokenize = 'unicode61 remove_diacritics 2'
      )`,
      `CREATE TRIGGER products_fts_insert AFTER INSERT ON products BEGIN
        INSERT INTO products_fts (rowid, title, subtitle, description)
        VALUES (new.rowid, new.title, new.subtitle, new.description);
      END`,
      `CREATE TRIGGER products_fts_delete AFTER DELETE ON products BEGIN
        INSERT INTO products_fts (products_fts, rowid, title, subtitle, description)
        VALUES ('delete', old.rowid, old.title, old.subtitle, old.description);
      END`,
      `CREATE TRIGGER products_fts_update AFTER UPDATE OF title, subtitle, description ON products BEGIN
        INSERT INTO products_fts (products_fts, rowid, title, subtitle, description)
        VALUES ('delete', old.rowid, old.title, old.subtitle, old.description);
        INSERT INTO products_fts (rowid, title, subtitle, description)
        VALUES (new.rowid, new.title, new.subtitle, new.description);
      END`,
    ],
    postgres: [
      `CREATE TABLE products (
        id TEXT PRIMARY KEY,
        title TEXT NOT NULL,
        subtitle TEXT NOT NULL DEFAULT '',
        description TEXT NOT NULL,
        price_cents INTEGER NOT NULL CHECK (price_cents > 0),
        images TEXT NOT NULL,
        digital_file_id TEXT NOT NULL,
        digital_file_format TEXT NOT NULL,
        digital_file_size BIGINT NOT NULL,
        digital_file_name TEXT NOT NULL,
        created_at BIGINT NOT NULL,
        updated_at BIGINT NOT NULL,
        search tsvector GENERATED ALWAYS AS (
          setweight(to_tsvector('simple', title), 'A') ||
          setweight(to_tsvector('simple', subtitle), 'B') ||
          setweight(to_tsvector('simple', description), 'C')
        ) STORED
      )`,
      `CREATE INDEX products_created_at ON products (created_at DESC, id DESC)`,
      `CREATE INDEX products_search ON products USING GIN (search)`,
    ],
  },
};
