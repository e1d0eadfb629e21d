import { documentTitle } from '@bindery/shared';
import { useEffect } from 'react';
import { matchRoutes, useLocation, type RouteObject } from 'react-router';
import type { PagePreloader } from '../../components/lazy-page';
import { getStoreConfig } from '../../lib/store-config';

/** A page's title, or how its address makes one (the catalogue's page and search). */
export type PageTitle = string | ((search: URLSearchParams) => string);

/** What a route in the route table (router.tsx) says about its page. */
export interface PageHandle {
  title: PageTitle;
  /** The route's lazy page, preloaded when the app starts at its address (main.tsx). */
  preload?: { page: PagePreloader; signedIn: boolean };
}

/**
 * Titles the tab "{page} · {store}" from the matched route's handle. A route without a title
 * (a product page) is left to name itself, with useDocumentTitle.
 */
export function usePageTitle(pages: RouteObject[]) {
  const { pathname, search } = useLocation();
  useEffect(() => {
    const route = matchRoutes(pages, pathname)?.at(-1)?.route;
    const title = (route?.handle as PageHandle | undefined)?.title;
    if (title === undefined) return;
    const page = typeof title === 'function' ? title(new URLSearchParams(search)) : title;
    document.title = documentTitle(page, getStoreConfig().storeName);
  }, [pages, pathname, search]);
}
