import { LicenseMessages } from '@bindery/shared';
import { screen } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, expect, test } from 'vitest';
import { stubFetch } from '../../../test/fetch';
import { renderRoutes } from '../../../test/render';
import { makePurchase, myOrdersServer } from '../testing/fixtures';
import { MyOrdersPage } from './my-orders-page';

afterEach(() => {
  toast.dismiss();
});

const KEY = '8F3C2A1B-4D5E6F70-9A8B7C6D-5E4F3A2B';

test('My Orders shows a paid order’s license key; the copy button copies it', async () => {
  const keyed = makePurchase({ licenseKey: KEY });
  const refunded = makePurchase({
    status: 'refunded',
    licenseKey: 'AAAAAAAA-BBBBBBBB-CCCCCCCC-DDDDDDDD',
  });
  const plain = makePurchase();
  stubFetch({ 'GET /api/orders/myorders': myOrdersServer([keyed, refunded, plain]).list });
  const { user } = renderRoutes([{ path: '/my-orders', element: <MyOrdersPage /> }], {
    initialEntry: '/my-orders',
  });

  expect((await screen.findAllByTestId('license-key')).map((key) => key.textContent)).toEqual([
    KEY,
  ]);
  await user.click(screen.getByRole('button', { name: LicenseMessages.copy }));
  expect(await screen.findByText(LicenseMessages.copied)).toBeInTheDocument();
  expect(await navigator.clipboard.readText()).toBe(KEY);
});
