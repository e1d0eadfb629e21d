import type { Migration } from './index.js';

/**
 * Search finds a product by the format of its file: "epub", "ebook" and "e-book" find the
 * EPUBs, "pdf" the PDFs, "zip" the ZIPs. The format's words enter the full-text index with the
 * product's text, from the file's format column, so every writer (the API, a seeding script, a
 * restore) indexes them without knowing, and a search stays one index lookup at any size.
 *
 * The words are the format's name, and "ebook ebooks" beside "epub" (the catalogue offers
 * e-books): a search for "e-book" asks for `ebook`, as the folding of decision 005 joins it.
 */
const FORMAT_WORDS = `CASE digital_file_format WHEN 'epub' THEN 'epub ebook ebooks'
  ELSE digital_file_format END`;

export const m020SearchFormats: Migration = {
  name: '020-search-formats',
  statements: {
    sqlite: [
      // Virtual: computed when read, stored nowhere but in the index; the copy to PostgreSQL
      // leaves generated columns out.
      `ALTER TABLE products ADD COLUMN search_format TEXT
        GENERATED ALWAYS AS (${FORMAT_WORDS}) VIRTUAL`,
      `DROP TRIGGER products_fts_insert`,
      `DROP TRIGGER products_fts_delete`,
      `DROP TRIGGER products_fts_update`,
      `DROP TABLE products_fts`,
      `CREATE VIRTUAL TABLE products_fts USING fts5(
        search_title, search_subtitle, search_description, search_format,
        content = 'products', content_rowid = 'rowid',
        tokenize = 'unicode61 remove_diacritics 2'
      )`,
      // Live products only, as migration 009 made it.
      `INSERT INTO products_fts (rowid, search_title, search_subtitle, search_description, search_format)
        SELECT rowid, search_title, search_subtitle, search_description, search_format
        FROM products WHERE archived_at IS NULL`,
      `CREATE TRIGGER products_fts_insert AFTER INSERT ON products
      WHEN new.archived_at IS NULL BEGIN
        INSERT INTO products_fts (rowid, search_title, search_subtitle, search_description, search_format)
        VALUES (new.rowid, new.search_title, new.search_subtitle, new.search_description, new.search_format);
      END`,
      `CREATE TRIGGER products_fts_delete AFTER DELETE ON products
      WHEN old.archived_at IS NULL BEGIN
        INSERT INTO products_fts (products_fts, rowid, search_title, search_subtitle, search_description, search_format)
        VALUES ('delete', old.rowid, old.search_title, old.search_subtitle, old.search_description, old.search_format);
      END`,
      // One trigger, so the old entry always leaves before the new one enters; a new file of
      // another format changes the entry as a new title does.
      `CREATE TRIGGER products_fts_update
      AFTER UPDATE OF search_title, search_subtitle, search_description, digital_file_format,
        archived_at ON products
      BEGIN
        INSERT INTO products_fts (products_fts, rowid, search_title, search_subtitle, search_description, search_format)
        SELECT 'delete', old.rowid, old.search_title, old.search_subtitle, old.search_description, old.search_format
        WHERE old.archived_at IS NULL;
        INSERT INTO products_fts (rowid, search_title, search_subtitle, search_description, search_format)
        SELECT new.rowid, new.search_title, new.search_subtitle, new.search_description, new.search_format
        WHERE new.archived_at IS NULL;
      END`,
    ],
    postgres: [
      // Dropping the generated column drops its GIN index with it. The format weighs least (D).
      `ALTER TABLE products DROP COLUMN search`,
      `ALTER TABLE products ADD COLUMN search tsvector GENERATED ALWAYS AS (
        setweight(to_tsvector('simple', search_title), 'A') ||
        setweight(to_tsvector('simple', search_subtitle), 'B') ||
        setweight(to_tsvector('simple', search_description), 'C') ||
        setweight(to_tsvector('simple', ${FORMAT_WORDS}), 'D')
      ) STORED`,
      `CREATE INDEX products_search ON products USING GIN (search)`,
    ],
  },
};
