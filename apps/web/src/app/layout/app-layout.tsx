import { useRef } from 'react';
import { Outlet, type RouteObject } from 'react-router';
import { useSessionBootstrap } from '../../features/auth/hooks/use-session-bootstrap';
import './layout.css';
import { MAIN_CONTENT_ID, SkipLink } from './skip-link';
import { TopBar } from './top-bar';
import { useFocusOnNavigate } from './use-focus-on-navigate';
import { usePageTitle } from './use-page-title';
import { useScrollRestoration } from './use-scroll-restoration';

const NO_PAGES: RouteObject[] = [];

/** The frame of every page; `pages` are the routes inside it, whose titles name the tab. */
export function AppLayout({ pages = NO_PAGES }: { pages?: RouteObject[] }) {
  useSessionBootstrap();
  usePageTitle(pages);
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
