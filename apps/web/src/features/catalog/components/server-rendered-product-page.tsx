import type { Product } from '@bindery/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import { createQueryClient } from '../../../lib/query-client';
import { catalogKeys } from '../api/keys';
import { ProductPage } from './product-page';

/**
 * For tests of hydration: the product page at `entry` with its product already known, as the
 * server renders it and the browser then hydrates it (a new client each time, as each side has).
 */
export const productPageAt = (product: Product, entry: string) => () => {
  const queryClient = createQueryClient();
  queryClient.setQueryData(catalogKeys.detail(product._id), product);
  return (
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[entry]}>
        <Routes>
          <Route path="/product/:id" element={<ProductPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>
  );
};
