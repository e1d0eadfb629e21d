import { LicenseMessages } from '@bindery/shared';
import { screen } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, expect, test } from 'vitest';
import { jsonResponse, stubFetch } from '../../../test/fetch';
import { stubScreenWidth } from '../../../test/media';
import { renderRoutes } from '../../../test/render';
import { adminOrdersServer, makeAdminOrder } from '../testing/fixtures';
import { AdminOrdersPage } from './admin-orders-page';

afterEach(() => {
  toast.dismiss();
});

const KEY = '8F3C2A1B-4D5E6F70-9A8B7C6D-5E4F3A2B';

function renderOrders() {
  return renderRoutes([{ path: '/orders', element: <AdminOrdersPage /> }], {
    initialEntry: '/orders',
  });
}

/** A paid order whose key was used twice of 3; the fake server switches it as the API does. */
function keyedServer() {
  const order = makeAdminOrder({
    product: { _id: 'p1', title: 'Typesetter', image: [], onSale: true },
    licenseKey: KEY,
    licenseKeyUses: 2,
    licenseKeyMaxUses: 3,
  });
  const server = adminOrdersServer([order, makeAdminOrder()]);
  const calls: string[] = [];
  const switchKey = (disabled: boolean) => (request: Request) => {
    calls.push(new URL(request.url).pathname);
    server.orders[0] = { ...server.orders[0]!, licenseKeyDisabled: disabled };
    return jsonResponse({ licenseKey: KEY, uses: 2, maxUses: 3, disabled });
  };
  stubFetch({
    ...server.routes,
    [`POST /api/admin/orders/${order._id}/license-key/disable`]: switchKey(true),
    [`POST /api/admin/orders/${order._id}/license-key/enable`]: switchKey(false),
  });
  return { order, calls };
}

test('the order shows its key and activations; Disable and Enable say so in a toast', async () => {
  const { order, calls } = keyedServer();
  const { user } = renderOrders();

  expect(await screen.findByText(KEY)).toBeInTheDocument();
  expect(screen.getByText(LicenseMessages.activations(2, 3))).toBeInTheDocument();
  expect(screen.getAllByTestId('license-key')).toHaveLength(1);
  await user.click(
    screen.getByRole('button', { name: `${LicenseMessages.disable} of order ${order._id}` }),
  );
  expect(await screen.findByText(LicenseMessages.keyDisabled)).toBeInTheDocument();
  expect(
    await screen.findByText(
      `${LicenseMessages.activations(2, 3)} · ${LicenseMessages.disabledNote}`,
    ),
  ).toBeInTheDocument();
  await user.click(
    screen.getByRole('button', { name: `${LicenseMessages.enable} of order ${order._id}` }),
  );
  expect(await screen.findByText(LicenseMessages.keyEnabled)).toBeInTheDocument();
  expect(calls).toEqual([
    `/api/admin/orders/${order._id}/license-key/disable`,
    `/api/admin/orders/${order._id}/license-key/enable`,
  ]);
});

test('on a phone the card shows the key too', async () => {
  stubScreenWidth(390);
  keyedServer();
  renderOrders();
  expect(await screen.findByText(KEY)).toBeInTheDocument();
  expect(screen.getByText(LicenseMessages.activations(2, 3))).toBeInTheDocument();
});
