/** One entry of the page-number row: a page to jump to, or a gap shown as an ellipsis. */
export type PageItem = { type: 'page'; page: number } | { type: 'ellipsis'; key: string };

/**
 * The first page, the last page and the pages within 1 of the current one, with an ellipsis
 * for each gap (specification, sections 2 and 9). 10 pages at page 5: 1 … 4 5 6 … 10.
 */
export function pageItems(current: number, pages: number): PageItem[] {
  if (pages < 1) return [];
  const page = Math.min(Math.max(1, current), pages);
  const shown = [...new Set([1, page - 1, page, page + 1, pages])]
    .filter((n) => n >= 1 && n <= pages)
    .sort((a, b) => a - b);
  const items: PageItem[] = [];
  let previous = 0;
  for (const n of shown) {
    if (n - previous > 1) items.push({ type: 'ellipsis', key: `gap-${previous}-${n}` });
    items.push({ type: 'page', page: n });
    previous = n;
  }
  return items;
}
