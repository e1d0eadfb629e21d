import type { Migration } from './index.js';

/**
 * Search folds accents and connectors on both databases ("cafe" finds "Café", "ebook" finds
 * "e-book"): the full-text index is built over folded copies of title, subtitle and description
 * that the catalogue writes with every product, instead of over the text as typed. PostgreSQL
 * needs no `unaccent` extension for it. Existing products are folded here, once.
 */
export const m008SearchFolding: Migration = {
  name: '008-search-folding',
  statements: {
    sqlite: [
      `DROP TRIGGER products_fts_insert`,
      `DROP TRIGGER products_fts_delete`,
      `DROP TRIGGER products_fts_update`,
      `DROP TABLE products_fts`,
      `ALTER TABLE products ADD COLUMN search_title TEXT NOT NULL DEFAULT ''`,
      `ALTER TABLE products ADD COLUMN search_subtitle TEXT NOT NULL DEFAULT ''`,
      `ALTER TABLE products ADD COLUMN search_description TEXT NOT NULL DEFAULT ''`,
      `CREATE VIRTUAL TABLE products_fts USING fts5(
        search_title, search_subtitle, search_description,
        content = 'products', content_rowid = 'rowid',
        tokenize = 'unicode61 remove_diacritics 2'
      )`,
      `CREATE TRIGGER products_fts_insert AFTER INSERT ON products BEGIN
        INSERT INTO products_fts (rowid, search_title, search_subtitle, search_description)
        VALUES (new.rowid, new.search_title, new.search_subtitle, new.search_description);
      END`,
      `CREATE TRIGGER products_fts_delete AFTER DELETE ON products BEGIN
        INSERT INTO products_fts (products_fts, rowid, search_title, search_subtitle, search_description)
        VALUES ('delete', old.rowid, old.search_title, old.search_subtitle, old.search_description);
      END`,
      `CREATE TRIGGER products_fts_update
      AFTER UPDATE OF search_title, search_subtitle, search_description ON products BEGIN
        INSERT INTO products_fts (products_fts, rowid, search_title, search_subtitle, search_description)
        VALUES ('delete', old.rowid, old.search_title, old.search_subtitle, old.search_description);
        INSERT INTO products_fts (rowid, search_title, search_subtitle, search_description)
        VALUES (new.rowid, new.search_title, new.search_subtitle, new.search_description);
      END`,
      // Every existing row enters the index as it is now (still empty), so that the update
      // trigger's delete matches what is indexed while the rows are folded below.
      `INSERT INTO products_fts (products_fts) VALUES ('rebuild')`,
    ],
    postgres: [
      // Dropping the generated column drops its GIN index with it.
      `ALTER TABLE products DROP COLUMN search`,
      `ALTER TABLE products ADD COLUMN search_title TEXT NOT NULL DEFAULT ''`,
      `ALTER TABLE products ADD COLUMN search_subtitle TEXT NOT NULL DEFAULT ''`,
      `ALTER TABLE products ADD COLUMN search_description TEXT NOT NULL DEFAULT ''`,
      `ALTER TABLE products ADD COLUMN search tsvector GENERATED ALWAYS AS (
        setweight(to_tsvector('simple', search_title), 'A') ||
        setweight(to_tsvector('simple', search_subtitle), 'B') ||
        setweight(to_tsvector('simple', search_description), 'C')
      ) STORED`,
      `CREATE INDEX products_search ON products USING GIN (search)`,
    ],
  },
  async afterStatements(db) {
    const products = await db
      .selectFrom('products')
      .select(['id', 'title', 'subtitle', 'description'])
      .execute();
    for (const product of products) {
      await db
        .updateTable('products')
        .set({
          searchTitle: searchText(product.title),
          searchSubtitle: searchText(product.subtitle),
          searchDescription: searchText(product.description),
        })
        .where('id', '=', product.id)
        .execute();
    }
  },
};

// Frozen copy of features/catalog/search-terms.ts (foldText and searchText) as it stood when
// this migration shipped: a migration must fold the rows the same way forever, whatever the
// catalogue's search later becomes. Do not update it; a new folding needs a new migration.

const LETTER_FOLDS: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  đ: 'd',
  ð: 'd',
  ł: 'l',
  þ: 'th',
  ı: 'i',
  ħ: 'h',
};
const LETTER_FOLD_PATTERN = new RegExp(`[${Object.keys(LETTER_FOLDS).join('')}]`, 'gu');
const COMBINING_ACCENTS = /\p{Script=Inherited}/gu;
const COMPOUND = /[\p{L}\p{N}]+(?:[^\p{L}\p{N}\s]+[\p{L}\p{N}]+)*/gu;
const WORD = /[\p{L}\p{N}]+/gu;

function foldText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(COMBINING_ACCENTS, '')
    .toLowerCase()
    .replace(LETTER_FOLD_PATTERN, (letter) => LETTER_FOLDS[letter] ?? letter);
}

/** The folded words, and for every word written with connectors its pieces and the pieces joined. */
function searchText(text: string): string {
  const out: string[] = [];
  for (const compound of foldText(text).match(COMPOUND) ?? []) {
    const pieces = compound.match(WORD) ?? [];
    out.push(...pieces);
    if (pieces.length > 1) out.push(pieces.join(''));
  }
  return out.join(' ');
}
