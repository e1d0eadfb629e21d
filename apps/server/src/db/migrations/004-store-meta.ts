import type { Migration } from './index.js';

/** Small facts about the store itself, such as whether the demo catalogue was ever added. */
export const m004StoreMeta: Migration = {
  name: '004-store-meta',
  statements: {
    sqlite: [`CREATE TABLE store_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) STRICT`],
    postgres: [`CREATE TABLE store_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)`],
  },
};
