import Box from '@mui/material/Box';
import { useRef } from 'react';
import { Outlet } from 'react-router';
import { useSessionBootstrap } from '../../features/auth/hooks/use-session-bootstrap';
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
    <Box sx={{ minHeight: '100dvh', display: 'flex', flexDirection: 'column' }}>
      <SkipLink />
      <TopBar />
      <Box
        component="main"
        id={MAIN_CONTENT_ID}
        ref={mainRef}
        tabIndex={-1}
        // minWidth 0: a long word inside never widens the page past the screen.
        sx={{ flexGrow: 1, minWidth: 0, '&:focus': { outline: 'none' } }}
      >
        <Outlet />
      </Box>
    </Box>
  );
}
