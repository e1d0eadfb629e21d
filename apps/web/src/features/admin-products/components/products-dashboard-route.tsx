import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { lazy, Suspense } from 'react';

// Loaded on demand: the page brings MUI X Data Grid, which buyers never need.
const ProductsDashboardPage = lazy(() =>
  import('./products-dashboard-page').then((module) => ({ default: module.ProductsDashboardPage })),
);

/** The dashboard route's element: the product management page, fetched when first shown. */
export function ProductsDashboardRoute() {
  return (
    <Suspense
      fallback={
        <Box role="status" sx={{ display: 'flex', justifyContent: 'center', py: 12 }}>
          <CircularProgress aria-label="Loading products" />
        </Box>
      }
    >
      <ProductsDashboardPage />
    </Suspense>
  );
}
