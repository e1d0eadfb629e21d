import { OrderMessages } from '@bindery/shared';
import { lazyPage } from '../../../components/lazy-page';
import { Spinner } from '../../../ui/spinner';

// Loaded on demand: the page brings MUI X Data Grid, which buyers never need.
export const AdminOrdersPage = lazyPage(
  () => import('./admin-orders-page').then((module) => module.AdminOrdersPage),
  {
    fallback: (
      <div role="status" className="loading-block">
        <Spinner />
        <p className="t-body1 t-secondary">{OrderMessages.adminOrdersLoading}</p>
      </div>
    ),
  },
);

/** The orders route's element: all customer orders, fetched when first shown. */
export function AdminOrdersRoute() {
  return <AdminOrdersPage />;
}
