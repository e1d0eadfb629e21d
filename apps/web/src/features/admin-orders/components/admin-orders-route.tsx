import { OrderMessages } from '@bindery/shared';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { lazy, Suspense } from 'react';

// Loaded on demand: the page brings MUI X Data Grid, which buyers never need.
const AdminOrdersPage = lazy(() =>
  import('./admin-orders-page').then((module) => ({ default: module.AdminOrdersPage })),
);

/** The orders route's element: all customer orders, fetched when first shown. */
export function AdminOrdersRoute() {
  return (
    <Suspense
      fallback={
        <Stack
          role="status"
          spacing={2}
          sx={{ alignItems: 'center', justifyContent: 'center', py: 12 }}
        >
          <CircularProgress aria-hidden />
          <Typography color="text.secondary">{OrderMessages.adminOrdersLoading}</Typography>
        </Stack>
      }
    >
      <AdminOrdersPage />
    </Suspense>
  );
}
