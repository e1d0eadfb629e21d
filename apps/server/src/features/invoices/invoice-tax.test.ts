import type { StoreSettings } from '@bindery/shared';
import { afterEach, describe, expect, test } from 'vitest';
import {
  buildTestApp,
  signInAsAdmin,
  signUpAndSignIn,
  testConfig,
  type TestApp,
} from '../../test/build-test-app.js';
import { createTestProduct } from '../../test/factories.js';
import { orderRow, payTestCheckout, startCheckout } from '../../test/purchase.js';
import { pdfLines } from '../../test/pdf-text.js';
import { invoiceAmountsOf } from './invoice-facts.js';

let t: TestApp;
let admin: string;
afterEach(() => t.close());

/** A store whose test checkout charges 20 % tax (TEST_TAX_RATE=20), `behavior` as TAX_BEHAVIOR. */
async function startTaxedStore(behavior: 'exclusive' | 'inclusive') {
  const payments = { ...testConfig().payments, tax: { behavior, testRate: '20' } };
  t = await buildTestApp({ payments, currency: 'EUR', locale: 'de-DE' });
  admin = (await signInAsAdmin(t.app)).cookie;
  const settings = await t.app.inject({
    method: 'GET',
    url: '/api/admin/settings',
    headers: { cookie: admin },
  });
  const saved = await t.app.inject({
    method: 'PUT',
    url: '/api/admin/settings',
    headers: { cookie: admin },
    payload: {
      ...settings.json<StoreSettings>(),
      sellerName: 'Łukasz Wójcik Verlag GmbH',
      sellerTaxId: 'DE123456789',
    },
  });
  expect(saved.statusCode).toBe(200);
}

/** A buyer pays for a €12.50 product through the test checkout with these billing details. */
async function buyTaxed(billing: { name: string; country: string; taxId: string }) {
  const product = await createTestProduct(t.app, admin, { title: 'Café Atlas 日本', price: 12.5 });
  const buyer = await signUpAndSignIn(t.app, { name: 'Account Name' });
  const { sessionId, orderId } = await startCheckout(
    t.app,
    t.database.db,
    buyer.cookie,
    product._id,
  );
  expect((await payTestCheckout(t.app, sessionId, billing)).statusCode).toBe(303);
  return { ...buyer, orderId };
}

const documentLines = async (orderId: string, kind: 'invoice' | 'credit-note', cookie: string) => {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/orders/${orderId}/${kind}.pdf`,
    headers: { cookie },
  });
  expect(response.statusCode).toBe(200);
  return pdfLines(response.rawPayload);
};

describe('the invoice of a taxed order', () => {
  test('names the buyer given at checkout with country and tax ID, and itemises net, rate and tax', async () => {
    await startTaxedStore('exclusive');
    const { cookie, email, orderId } = await buyTaxed({
      name: 'Zoë Straße-Łódź',
      country: 'DE',
      taxId: 'DE 987654321',
    });
    const lines = await documentLines(orderId, 'invoice', cookie);
    expect(lines).toEqual(
      expect.arrayContaining([
        'Łukasz Wójcik Verlag GmbH Zoë Straße-Łódź',
        'Country: DE',
        'Tax ID: DE 987654321',
        'Description Net Tax rate Tax Total',
        'Café Atlas 日本 €12.50 20% €2.50 €15.00',
        'Net €12.50',
        'Tax €2.50',
        'Total (EUR) €15.00',
      ]),
    );
    expect(lines.join('\n')).toContain(email);
    expect(lines.join('\n')).not.toContain('Account Name');

    // The credit note mirrors it.
    const refund = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${orderId}/refund`,
      headers: { cookie: admin },
      payload: {},
    });
    expect(refund.statusCode).toBe(200);
    expect(await documentLines(orderId, 'credit-note', cookie)).toEqual(
      expect.arrayContaining([
        'Country: DE',
        'Tax ID: DE 987654321',
        'Café Atlas 日本 -€12.50 20% -€2.50 -€15.00',
        'Net -€12.50',
        'Tax -€2.50',
        'Total credited (EUR) -€15.00',
      ]),
    );
  });

  test('tax included in the price: the total is the price, net and tax inside it', async () => {
    await startTaxedStore('inclusive');
    const { cookie, orderId } = await buyTaxed({ name: '', country: 'FR', taxId: '' });
    const lines = await documentLines(orderId, 'invoice', cookie);
    // 12.50 × 100 / 120 = 10.4166… → €10.42 net, €2.08 tax; no name given: the account's.
    expect(lines).toEqual(
      expect.arrayContaining([
        'Łukasz Wójcik Verlag GmbH Account Name',
        'Country: FR',
        'Café Atlas 日本 €10.42 20% €2.08 €12.50',
        'Net €10.42',
        'Tax €2.08',
        'Total (EUR) €12.50',
      ]),
    );
    // The seller's tax ID only: the buyer gave none.
    expect(lines.join('\n').match(/Tax ID: /g)).toHaveLength(1);
    const row = await orderRow(t.database.db, orderId);
    expect([row.amountCents, row.taxCents, row.subtotalCents]).toEqual([1250, 208, 1250]);
  });
});

describe('an invoice’s amounts', () => {
  test.each([
    [{ amountCents: 1500, taxCents: 250, taxRate: '20' }, 1250, 20],
    [{ amountCents: 2176, taxCents: 177, taxRate: '8.875' }, 1999, 8.875],
    // A payment that reported tax without its rate: worked out, to two decimals.
    [{ amountCents: 1088, taxCents: 88, taxRate: null }, 1000, 8.8],
    [{ amountCents: 1000, taxCents: 77, taxRate: null }, 923, 8.34],
    [{ amountCents: 1250, taxCents: 0, taxRate: null }, 1250, 0],
  ])('%o: net %i, rate %s', (order, net, rate) => {
    expect(invoiceAmountsOf(order)).toEqual({
      netAmount: net,
      taxRatePercent: rate,
      taxAmount: order.taxCents,
      totalAmount: order.amountCents,
    });
  });
});
