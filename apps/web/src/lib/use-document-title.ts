import { documentTitle } from '@bindery/shared';
import { useEffect } from 'react';
import { getStoreConfig } from './store-config';

/**
 * The browser tab's title for a page that names itself (a product): "{page} · {store}", as the
 * server wrote it. The layout titles every other page from the route table (router.tsx).
 */
export function useDocumentTitle(page: string) {
  useEffect(() => {
    const { storeName } = getStoreConfig();
    document.title = documentTitle(page, storeName);
  }, [page]);
}
