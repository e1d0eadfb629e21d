import Box from '@mui/material/Box';
import { Outlet, ScrollRestoration } from 'react-router';
import { useSessionBootstrap } from '../../features/auth/hooks/use-session-bootstrap';
import { TopBar } from './top-bar';

export function AppLayout() {
  useSessionBootstrap();
  return (
    <Box sx={{ minHeight: '100dvh', display: 'flex', flexDirection: 'column' }}>
      <TopBar />
      <Box component="main" sx={{ flexGrow: 1 }}>
        <Outlet />
      </Box>
      <ScrollRestoration />
    </Box>
  );
}
