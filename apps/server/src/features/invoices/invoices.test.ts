import {
  ErrorCode,
  InvoiceMessages,
  OrderMessages,
  type Product,
  type StoreSettings,
} from '@bindery/shared';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import {
  buildTestApp,
  signInAsAdmin,
  signUpAndSignIn,
  type TestApp,
} from '../../test/build-test-app.js';
import { createTestProduct } from '../../test/factories.js';
import { pdfLines, pdfText } from '../../test/pdf-text.js';
import { buyProduct, startCheckout } from '../../test/purchase.js';

let t: TestApp;
let admin: string;
let product: Product;

const SELLER = {
  sellerName: 'Łukasz Wójcik Verlag GmbH',
  sellerAddress: 'Große Straße 5\n10115 Berlin\nGermany',
  sellerTaxId: 'DE123456789',
  invoicePrefix: 'INV-',
};

beforeEach(async () => {
  t = await buildTestApp({ supportEmail: 'help@wojcik.example', timeZone: 'Europe/Berlin' });
  admin = (await signInAsAdmin(t.app)).cookie;
  const saved = await putSettings(SELLER);
  expect(saved.statusCode, saved.body).toBe(200);
  product = await createTestProduct(t.app, admin, { title: 'Café Atlas 日本', price: 12.5 });
});
afterEach(() => t.close());

/** Saves the settings with these changed. */
async function putSettings(changes: Partial<StoreSettings>) {
  const settings = await t.app.inject({
    method: 'GET',
    url: '/api/admin/settings',
    headers: { cookie: admin },
  });
  return t.app.inject({
    method: 'PUT',
    url: '/api/admin/settings',
    headers: { cookie: admin },
    payload: { ...settings.json<StoreSettings>(), ...changes },
  });
}
const getDocument = (orderId: string, kind: 'invoice' | 'credit-note', cookie?: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/orders/${orderId}/${kind}.pdf`,
    headers: cookie ? { cookie } : {},
  });
const refund = (orderId: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/orders/${orderId}/refund`,
    headers: { cookie: admin },
    payload: {},
  });

/** A buyer with an accented and non-Latin name who bought the product. */
async function paidOrder(name = 'Zoë Straße-Łódź Жанна 日本') {
  const buyer = await signUpAndSignIn(t.app, { name });
  const { orderId } = await buyProduct(t.app, t.database.db, buyer.cookie, product._id);
  return { ...buyer, orderId };
}

describe('the invoice of a paid order', () => {
  test('its buyer downloads a PDF attachment named for its number, not kept by caches', async () => {
    const { cookie, orderId } = await paidOrder();
    const response = await getDocument(orderId, 'invoice', cookie);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe('attachment; filename="INV-0001.pdf"');
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // Only the glyphs used are embedded: a few tens of kilobytes, not the fonts' megabytes.
    expect(response.rawPayload.length).toBeLessThan(60_000);
  });

  test('it names seller, buyer, number, date, line, net, tax and total, in any script', async () => {
    const { cookie, email, orderId } = await paidOrder();
    const lines = pdfLines((await getDocument(orderId, 'invoice', cookie)).rawPayload);
    const paidAt = new Intl.DateTimeFormat('en-US', {
      dateStyle: 'long',
      timeZone: 'Europe/Berlin',
    }).format(Date.now());
    expect(lines.slice(0, 2)).toEqual(['Invoice', 'Invoice number']);
    expect(lines).toEqual(
      expect.arrayContaining([
        'INV-0001',
        'Date paid',
        paidAt,
        'From Billed to',
        'Łukasz Wójcik Verlag GmbH Zoë Straße-Łódź Жанна 日本',
        `Große Straße 5 ${email}`,
        '10115 Berlin',
        'Germany',
        'Tax ID: DE123456789',
        'help@wojcik.example',
        'Description Net Tax rate Tax Total',
        'Café Atlas 日本 $12.50 0% $0.00 $12.50',
        'Net $12.50',
        'Tax $0.00',
        'Total (USD) $12.50',
        `Paid in full on ${paidAt}. Thank you for your purchase.`,
        'Questions? Write to help@wojcik.example.',
      ]),
    );
  });

  test('an admin downloads it too', async () => {
    const { orderId } = await paidOrder();
    const response = await getDocument(orderId, 'invoice', admin);
    expect(response.statusCode).toBe(200);
    expect(pdfText(response.rawPayload)).toContain('INV-0001');
  });

  test('anyone else, signed out included, gets 404 as for a missing order', async () => {
    const { orderId } = await paidOrder();
    const stranger = await signUpAndSignIn(t.app);
    for (const response of [
      await getDocument(orderId, 'invoice', stranger.cookie),
      await getDocument(orderId, 'invoice'),
      await getDocument(orderId, 'credit-note', stranger.cookie),
      await getDocument(orderId, 'credit-note'),
      await getDocument('AAAAAAAAAAAAAAAA', 'invoice', admin),
      await getDocument('not an id', 'invoice', admin),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        message: OrderMessages.orderNotFound,
        code: ErrorCode.notFound,
      });
    }
  });

  test('before the payment: 409 with a message, and no number is taken', async () => {
    const buyer = await signUpAndSignIn(t.app);
    const { orderId } = await startCheckout(t.app, t.database.db, buyer.cookie, product._id);
    const response = await getDocument(orderId, 'invoice', buyer.cookie);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: InvoiceMessages.notPaid, code: ErrorCode.conflict });
    const next = await paidOrder();
    expect(
      (await getDocument(next.orderId, 'invoice', next.cookie)).headers['content-disposition'],
    ).toBe('attachment; filename="INV-0001.pdf"');
  });

  test('a new prefix numbers the next invoices; one already given keeps its own', async () => {
    const first = await paidOrder();
    expect((await putSettings({ invoicePrefix: 'BK2026-' })).statusCode).toBe(200);
    const second = await paidOrder();
    const nameOf = async (orderId: string, cookie: string) =>
      (await getDocument(orderId, 'invoice', cookie)).headers['content-disposition'];
    expect(await nameOf(first.orderId, first.cookie)).toBe('attachment; filename="INV-0001.pdf"');
    expect(await nameOf(second.orderId, second.cookie)).toBe(
      'attachment; filename="BK2026-0002.pdf"',
    );
  });

  test('a change of the seller’s address leaves invoices already issued as they were', async () => {
    const first = await paidOrder();
    expect((await putSettings({ sellerAddress: 'Kleine Gasse 1\n80331 München' })).statusCode).toBe(
      200,
    );
    const second = await paidOrder();
    const firstText = pdfText((await getDocument(first.orderId, 'invoice', admin)).rawPayload);
    const secondText = pdfText((await getDocument(second.orderId, 'invoice', admin)).rawPayload);
    expect(firstText).toContain('Große Straße 5');
    expect(firstText).not.toContain('Kleine Gasse 1');
    expect(secondText).toContain('Kleine Gasse 1');
    expect(secondText).toContain('80331 München');
  });
});

describe('the credit note of a refunded order', () => {
  test('409 with a message until the order is refunded', async () => {
    const { cookie, orderId } = await paidOrder();
    const response = await getDocument(orderId, 'credit-note', cookie);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      message: InvoiceMessages.notRefunded,
      code: ErrorCode.conflict,
    });
  });

  test('a refund issues CN-0001, which refers to the invoice and shows the amount refunded', async () => {
    await paidOrder('Ада');
    const { cookie, orderId } = await paidOrder();
    expect((await refund(orderId)).statusCode).toBe(200);
    const response = await getDocument(orderId, 'credit-note', cookie);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe('attachment; filename="CN-0001.pdf"');
    expect(response.headers['cache-control']).toBe('private, no-store');
    const lines = pdfLines(response.rawPayload);
    const today = new Intl.DateTimeFormat('en-US', {
      dateStyle: 'long',
      timeZone: 'Europe/Berlin',
    }).format(Date.now());
    expect(lines.slice(0, 2)).toEqual(['Credit note', 'Credit note number']);
    expect(lines).toEqual(
      expect.arrayContaining([
        'CN-0001',
        'Refers to invoice',
        'INV-0002',
        'Date of refund',
        today,
        'From Credited to',
        'Łukasz Wójcik Verlag GmbH Zoë Straße-Łódź Жанна 日本',
        'Café Atlas 日本 -$12.50 0% $0.00 -$12.50',
        'Net -$12.50',
        'Tax $0.00',
        'Total credited (USD) -$12.50',
        `This credit note cancels invoice INV-0002 of ${today}: the amount above was refunded to the`,
        'buyer.',
      ]),
    );
    // The invoice is still there, and still says what was paid.
    const invoice = await getDocument(orderId, 'invoice', cookie);
    expect(invoice.statusCode).toBe(200);
    expect(pdfLines(invoice.rawPayload)).toContain('Total (USD) $12.50');
  });
});
