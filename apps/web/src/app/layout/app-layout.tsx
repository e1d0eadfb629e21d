import { useRef } from 'react';
import { Outlet } from 'react-router';
import { useSessionBootstrap } from '../../features/auth/hooks/use-session-bootstrap';
import './layout.css';
import { MAIN_CONTENT_ID, SkipLink } from './skip-link';
import { TopBar } from './top-bar';
import { useFocusOnNavigate } from './use-focus-on-navigate';
import { useScrollRestoration } from './use-scroll-restoration';

export function AppLayout() {
  useSessionBootstrap();
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
