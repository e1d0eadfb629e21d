import type { Migration } from './index.js';

/**
 * What the catalogue's hot path reads instead of scanning `products` (decision 011):
 *
 * - `catalogue_state`, one row: `live_products`, the number of products on sale (the catalogue's
 *   total, never a `count(*)` per request), and `version`, raised by every product write, which
 *   every instance watches to drop the catalogue answers it keeps in memory.
 * - On SQLite the full-text index holds live products only, so a search reads the index and
 *   nothing else to pick its candidates; archiving a product takes it out, restoring puts it back.
 *
 * Both are kept by triggers, so no write path (the API, a seeding script, a restore) can forget
 * them. PostgreSQL uses statement-level triggers: a bulk insert raises the row once per statement,
 * not once per product, and never queues thousands of versions of it in one transaction.
 */
export const m009CatalogueState: Migration = {
  name: '009-catalogue-state',
  statements: {
    sqlite: [
      `CREATE TABLE catalogue_state (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        version INTEGER NOT NULL,
        live_products INTEGER NOT NULL
      )`,
      `INSERT INTO catalogue_state (id, version, live_products)
        SELECT 1, 1, count(*) FROM products WHERE archived_at IS NULL`,
      `CREATE TRIGGER catalogue_state_insert AFTER INSERT ON products BEGIN
        UPDATE catalogue_state
        SET version = version + 1, live_products = live_products + (new.archived_at IS NULL)
        WHERE id = 1;
      END`,
      `CREATE TRIGGER catalogue_state_update AFTER UPDATE ON products BEGIN
        UPDATE catalogue_state
        SET version = version + 1,
            live_products = live_products + (new.archived_at IS NULL) - (old.archived_at IS NULL)
        WHERE id = 1;
      END`,
      `CREATE TRIGGER catalogue_state_delete AFTER DELETE ON products BEGIN
        UPDATE catalogue_state
        SET version = version + 1, live_products = live_products - (old.archived_at IS NULL)
        WHERE id = 1;
      END`,
      // The index follows live products only: what it holds is exactly what a search may show.
      `DROP TRIGGER products_fts_insert`,
      `DROP TRIGGER products_fts_delete`,
      `DROP TRIGGER products_fts_update`,
      `CREATE TRIGGER products_fts_insert AFTER INSERT ON products
      WHEN new.archived_at IS NULL BEGIN
        INSERT INTO products_fts (rowid, search_title, search_subtitle, search_description)
        VALUES (new.rowid, new.search_title, new.search_subtitle, new.search_description);
      END`,
      `CREATE TRIGGER products_fts_delete AFTER DELETE ON products
      WHEN old.archived_at IS NULL BEGIN
        INSERT INTO products_fts (products_fts, rowid, search_title, search_subtitle, search_description)
        VALUES ('delete', old.rowid, old.search_title, old.search_subtitle, old.search_description);
      END`,
      // One trigger, so the old entry always leaves before the new one enters.
      `CREATE TRIGGER products_fts_update
      AFTER UPDATE OF search_title, search_subtitle, search_description, archived_at ON products
      BEGIN
        INSERT INTO products_fts (products_fts, rowid, search_title, search_subtitle, search_description)
        SELECT 'delete', old.rowid, old.search_title, old.search_subtitle, old.search_description
        WHERE old.archived_at IS NULL;
        INSERT INTO products_fts (rowid, search_title, search_subtitle, search_description)
        SELECT new.rowid, new.search_title, new.search_subtitle, new.search_description
        WHERE new.archived_at IS NULL;
      END`,
      `INSERT INTO products_fts (products_fts, rowid, search_title, search_subtitle, search_description)
        SELECT 'delete', rowid, search_title, search_subtitle, search_description
        FROM products WHERE archived_at IS NOT NULL`,
    ],
    postgres: [
      `CREATE TABLE catalogue_state (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        version BIGINT NOT NULL,
        live_products BIGINT NOT NULL
      )`,
      `INSERT INTO catalogue_state (id, version, live_products)
        SELECT 1, 1, count(*) FROM products WHERE archived_at IS NULL`,
      `CREATE FUNCTION catalogue_state_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE catalogue_state
        SET version = version + 1,
            live_products = live_products + (SELECT count(*) FROM added WHERE archived_at IS NULL)
        WHERE id = 1;
        RETURN NULL;
      END $$`,
      `CREATE FUNCTION catalogue_state_updated() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE catalogue_state
        SET version = version + 1,
            live_products = live_products
              + (SELECT count(*) FROM added WHERE archived_at IS NULL)
              - (SELECT count(*) FROM removed WHERE archived_at IS NULL)
        WHERE id = 1;
        RETURN NULL;
      END $$`,
      `CREATE FUNCTION catalogue_state_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE catalogue_state
        SET version = version + 1,
            live_products = live_products - (SELECT count(*) FROM removed WHERE archived_at IS NULL)
        WHERE id = 1;
        RETURN NULL;
      END $$`,
      `CREATE TRIGGER catalogue_state_insert AFTER INSERT ON products
        REFERENCING NEW TABLE AS added
        FOR EACH STATEMENT EXECUTE FUNCTION catalogue_state_inserted()`,
      `CREATE TRIGGER catalogue_state_update AFTER UPDATE ON products
        REFERENCING OLD TABLE AS removed NEW TABLE AS added
        FOR EACH STATEMENT EXECUTE FUNCTION catalogue_state_updated()`,
      `CREATE TRIGGER catalogue_state_delete AFTER DELETE ON products
        REFERENCING OLD TABLE AS removed
        FOR EACH STATEMENT EXECUTE FUNCTION catalogue_state_deleted()`,
    ],
  },
};
