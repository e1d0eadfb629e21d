import { useEffect, useRef, type RefObject } from 'react';
import { useLocation } from 'react-router';

/** How long to wait for a page that is still loading to show its heading. */
const HEADING_WAIT_MS = 5_000;

/**
 * After a move to another page, puts focus on the new page's h1 (or on `main` if none appears),
 * so keyboard and screen-reader users start at the top of what changed. Only after the visitor
 * has done something: redirects while the app starts (the index to the login) leave focus where
 * the browser put it. A change of the query string alone (paging, search) moves nothing.
 */
export function useFocusOnNavigate(mainRef: RefObject<HTMLElement | null>) {
  const { pathname } = useLocation();
  const hasInteracted = useRef(false);
  const previousPathname = useRef(pathname);

  useEffect(() => {
    const mark = () => {
      hasInteracted.current = true;
    };
    document.addEventListener('pointerdown', mark, { capture: true, once: true });
    document.addEventListener('keydown', mark, { capture: true, once: true });
    return () => {
      document.removeEventListener('pointerdown', mark, { capture: true });
      document.removeEventListener('keydown', mark, { capture: true });
    };
  }, []);

  useEffect(() => {
    if (previousPathname.current === pathname) return;
    previousPathname.current = pathname;
    const main = mainRef.current;
    if (!main || !hasInteracted.current) return;

    const focusHeading = (): boolean => {
      const heading = main.querySelector('h1');
      if (!heading) return false;
      if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
      // The router's scroll restoration decides where the page is scrolled, not the focus.
      heading.focus({ preventScroll: true });
      return true;
    };
    if (focusHeading()) return;

    // The page is still loading (a skeleton, a lazily loaded screen): wait for its heading.
    const observer = new MutationObserver(() => {
      if (focusHeading()) stop();
    });
    const timer = window.setTimeout(() => {
      stop();
      if (!main.contains(document.activeElement)) main.focus({ preventScroll: true });
    }, HEADING_WAIT_MS);
    const stop = () => {
      observer.disconnect();
      window.clearTimeout(timer);
    };
    observer.observe(main, { childList: true, subtree: true });
    return stop;
  }, [pathname, mainRef]);
}
