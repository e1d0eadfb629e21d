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

/**
 * The title of each page the app draws, by its address under the store: the app's route table
 * titles its routes with them, and the server writes them into those pages' HTML.
 */
export const PAGE_TITLES = {
  '/login': 'Sign in',
  '/login/admin': 'Admin sign in',
  '/forgot-password': 'Forgot password',
  '/reset-password': 'Reset password',
  '/dashboard': 'Products',
  '/orders': 'Orders',
  '/sales': 'Sales',
  '/discounts': 'Discounts',
  '/email': 'Email',
  '/settings': 'Settings',
  '/success': 'Payment successful',
  '/cancel': 'Payment canceled',
  '/my-orders': 'My Orders',
  '/account': 'Account',
} as const;

/** The title of the page at `path` (under the store), when the app draws one there. */
export function pageTitleOf(path: string): string | undefined {
  return Object.hasOwn(PAGE_TITLES, path)
    ? PAGE_TITLES[path as keyof typeof PAGE_TITLES]
    : undefined;
}
