import type { ProductRow } from './catalog.repo.js';

/** Product rows kept at most (a few megabytes): the products searches show most. */
const MAX_ROWS = 4000;

/**
 * The rows of the products an index search shows, kept for as long as that index is the current
 * one (`generation`): searches pick their candidates among the newest matches, so different
 * searches show the same products again and again. A new index (the catalogue changed) drops
 * them all; past MAX_ROWS, those shown longest ago go first.
 */
export function createIndexedRows(readRows: (ids: string[]) => Promise<ProductRow[]>) {
  let kept = new Map<string, ProductRow>();
  let keptFor = -1;

  return {
    /** The rows of `ids`, in that order, as of the index `generation`. */
    async rows(generation: number, ids: string[]): Promise<ProductRow[]> {
      if (generation !== keptFor) {
        kept = new Map();
        keptFor = generation;
      }
      const rows = kept;
      const missing = ids.filter((id) => !rows.has(id));
      for (const row of missing.length > 0 ? await readRows(missing) : []) rows.set(row.id, row);
      const page = ids.flatMap((id) => {
        const row = rows.get(id);
        if (!row) return [];
        // Most recently shown last.
        rows.delete(id);
        rows.set(id, row);
        return [row];
      });
      for (const oldest of rows.keys()) {
        if (rows.size <= MAX_ROWS) break;
        rows.delete(oldest);
      }
      return page;
    },
  };
}
