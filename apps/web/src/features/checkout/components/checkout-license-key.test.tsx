import { screen } from '@testing-library/react';
import { expect, test } from 'vitest';
import { jsonResponse, stubFetch } from '../../../test/fetch';
import { renderRoutes } from '../../../test/render';
import { CheckoutLicenseKey } from './checkout-license-key';

const KEY = '8F3C2A1B-4D5E6F70-9A8B7C6D-5E4F3A2B';

/** The order behind the checkout, as the API answers it. */
const makePurchase = (changes: { status: string; licenseKey: string | null }) => ({
  _id: 'order0000000001',
  product: { _id: 'p1', title: 'Typesetter', image: [], onSale: true },
  amountCents: 1500,
  subtotalCents: 1500,
  taxCents: 0,
  currency: 'USD',
  buyerCountry: null,
  buyerTaxId: null,
  createdAt: '2026-01-02T12:00:00.000Z',
  paidAt: null,
  dispute: null,
  downloads: { used: 0, limit: null },
  checkoutUrl: null,
  ...changes,
});

test('the order read while its payment was confirmed is read again, and its key shown', async () => {
  const answers = [
    makePurchase({ status: 'pending', licenseKey: null }),
    makePurchase({ status: 'paid', licenseKey: KEY }),
  ];
  let calls = 0;
  stubFetch({
    'GET /api/orders/mine/checkouts/cs_test_1': () => jsonResponse(answers[calls++] ?? answers[1]),
  });
  renderRoutes([{ path: '/success', element: <CheckoutLicenseKey sessionId="cs_test_1" /> }], {
    initialEntry: '/success',
  });
  expect(await screen.findByTestId('license-key')).toHaveTextContent(KEY);
  expect(screen.getByRole('button', { name: 'Copy license key' })).toBeInTheDocument();
  expect(calls).toBe(2);
});
