import { useEffect, useRef } from 'react';
import { matchPath, Outlet, useLocation } from 'react-router';
import { useSessionBootstrap } from '../../features/auth/hooks/use-session-bootstrap';
import { getStoreConfig } from '../../lib/store-config';
import './layout.css';
import { MAIN_CONTENT_ID, SkipLink } from './skip-link';
import { TopBar } from './top-bar';
import { useFocusOnNavigate } from './use-focus-on-navigate';
import { useScrollRestoration } from './use-scroll-restoration';

/** Pages that set the tab's title themselves (useDocumentTitle); the rest show the store's name. */
const TITLED_PAGES = ['/product/:id'];

export function AppLayout() {
  useSessionBootstrap();
  const { pathname } = useLocation();
  useEffect(() => {
    if (TITLED_PAGES.some((pattern) => matchPath(pattern, pathname))) return;
    document.title = getStoreConfig().storeName;
  }, [pathname]);
  const mainRef = useRef<HTMLElement>(null);
  useFocusOnNavigate(mainRef);
  useScrollRestoration();
  return (
    <div className="app-layout">
      <SkipLink />
      <TopBar />
      <main id={MAIN_CONTENT_ID} ref={mainRef} tabIndex={-1} className="app-layout__main">
        <Outlet />
      </main>
    </div>
  );
}
