/**
 * Browser-tab titles: "{page} · {store}". The web app titles every route with them and the
 * server writes the same into the pages it renders, so a title never changes as the app starts.
 */
export const TITLE_SEPARATOR = ' · ';

export function documentTitle(page: string, storeName: string): string {
  return `${page}${TITLE_SEPARATOR}${storeName}`;
}

/** The catalogue's page title: its page number, or the search it shows. */
export function catalogueTitle({ page, search }: { page: number; search: string }): string {
  if (search) return `Search results for “${search}”`;
  return page > 1 ? `Products, page ${page}` : 'Products';
}
