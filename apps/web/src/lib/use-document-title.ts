import { useEffect } from 'react';
import { getStoreConfig } from './store-config';

/**
 * The browser tab's title for a page that names itself (a product): "{page} — {store}", as the
 * server wrote it. The layout gives every other page the store's name (app-layout TITLED_PAGES).
 */
export function useDocumentTitle(page: string) {
  useEffect(() => {
    const { storeName } = getStoreConfig();
    document.title = `${page} — ${storeName}`;
  }, [page]);
}
