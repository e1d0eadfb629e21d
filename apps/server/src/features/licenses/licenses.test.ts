import {
  LicenseMessages,
  OrderMessages,
  type AdminOrdersResponse,
  type MyOrdersResponse,
  type Product,
} from '@bindery/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  buildTestApp,
  signInAsAdmin,
  signUpAndSignIn,
  type TestApp,
} from '../../test/build-test-app.js';
import { createTestClock } from '../../test/clock.js';
import { createTestProduct } from '../../test/factories.js';
import { buyProduct } from '../../test/purchase.js';
import { startSmtpInbox, type SmtpInbox } from '../../test/smtp-inbox.js';

const KEY_SHAPE = /^[0-9A-F]{8}-[0-9A-F]{8}-[0-9A-F]{8}-[0-9A-F]{8}$/;

const clock = createTestClock();
let t: TestApp;
let inbox: SmtpInbox;
let admin: string;
/** Issues keys, 3 activations each. */
let keyed: Product;
beforeAll(async () => {
  inbox = await startSmtpInbox();
  t = await buildTestApp(
    { mail: { smtpUrl: inbox.url, from: 'shop@example.com' } },
    { clock: clock.now },
  );
  admin = (await signInAsAdmin(t.app)).cookie;
  keyed = await createTestProduct(t.app, admin, {
    title: 'Typesetter',
    price: 30,
    licenseKeys: { enabled: true, maxUses: 3 },
  });
});
afterAll(async () => {
  await t.close();
  await inbox.close();
});

const adminOrder = async (orderId: string) => {
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/orders?limit=20',
    headers: { cookie: admin },
  });
  return response.json<AdminOrdersResponse>().orders.find((order) => order._id === orderId)!;
};
const myOrder = async (cookie: string, orderId: string) => {
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/orders/myorders',
    headers: { cookie },
  });
  return response.json<MyOrdersResponse>().purchases.find((order) => order._id === orderId)!;
};
/** A new buyer's paid order of `product`, with its key as the buyer sees it. */
async function paidOrder(product: Product = keyed) {
  const buyer = await signUpAndSignIn(t.app);
  const { orderId } = await buyProduct(t.app, t.database.db, buyer.cookie, product._id);
  return { ...buyer, orderId, licenseKey: (await myOrder(buyer.cookie, orderId)).licenseKey };
}
const verify = (payload: object, remoteAddress = '127.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/licenses/verify', payload, remoteAddress });
const keyAction = (orderId: string, action: 'disable' | 'enable', cookie = admin) =>
  t.app.inject({
    method: 'POST',
    url: `/api/admin/orders/${orderId}/license-key/${action}`,
    headers: { cookie },
  });
const keyRows = (orderId: string) =>
  t.database.db.selectFrom('licenseKeys').selectAll().where('orderId', '=', orderId).execute();

describe('the product setting', () => {
  test('is off by default, kept by an edit that does not name it, and checked', async () => {
    const plain = await createTestProduct(t.app, admin, { title: 'Plain' });
    expect(plain.licenseKeys).toEqual({ enabled: false, maxUses: null });
    expect(keyed.licenseKeys).toEqual({ enabled: true, maxUses: 3 });
    const edit = (body: object) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/products/${plain._id}`,
        headers: { cookie: admin },
        payload: { title: 'Plain', description: 'A product.', price: 5, ...body },
      });
    const on = await edit({ licenseKeys: { enabled: true, maxUses: null } });
    expect(on.json<Product>().licenseKeys).toEqual({ enabled: true, maxUses: null });
    expect((await edit({})).json<Product>().licenseKeys).toEqual({ enabled: true, maxUses: null });
    for (const maxUses of [0, 1.5, 1_000_001, '3']) {
      const bad = await edit({ licenseKeys: { enabled: true, maxUses } });
      expect([bad.statusCode, bad.json().errors]).toEqual([
        400,
        { 'licenseKeys.maxUses': [LicenseMessages.maxUsesInvalid] },
      ]);
    }
    // Buyers never see it.
    const open = await t.app.inject({ method: 'GET', url: `/api/products/${plain._id}` });
    expect(open.json()).not.toHaveProperty('licenseKeys');
  });
});

describe('issuing', () => {
  test('a paid order gets one key, shown to its buyer, its admin and in the receipt', async () => {
    const order = await paidOrder();
    expect(order.licenseKey).toMatch(KEY_SHAPE);
    expect(await adminOrder(order.orderId)).toMatchObject({
      licenseKey: order.licenseKey,
      licenseKeyUses: 0,
      licenseKeyMaxUses: 3,
      licenseKeyDisabled: false,
    });
    const receipt = await inbox.waitForMail({ to: order.email, subject: /receipt/ });
    expect(receipt.text).toContain(`License key: ${order.licenseKey}\n`);
    expect(receipt.html).toContain(`${order.licenseKey}</td>`);

    // The payment told again (a second webhook delivery): still the one key.
    const again = await t.app.orders.applyOutcome({
      orderId: order.orderId,
      result: 'paid',
      source: 'test',
      eventId: `again:${order.orderId}`,
      amountCents: 3000,
      currency: 'usd',
    });
    expect(again.kind).toBe('unchanged');
    expect((await keyRows(order.orderId)).map((row) => row.licenseKey)).toEqual([
      order.licenseKey!.replaceAll('-', ''),
    ]);
  });

  test('a product without keys, a pending order: null; a free order gets one', async () => {
    const plain = await createTestProduct(t.app, admin, { title: 'No keys' });
    const order = await paidOrder(plain);
    expect(order.licenseKey).toBeNull();
    expect(await adminOrder(order.orderId)).toMatchObject({
      licenseKey: null,
      licenseKeyUses: null,
      licenseKeyMaxUses: null,
      licenseKeyDisabled: false,
    });
    const free = await createTestProduct(t.app, admin, {
      title: 'Free keys',
      price: 5,
      payWhatYouWant: true,
      minimumPrice: 0,
      licenseKeys: { enabled: true, maxUses: null },
    });
    const buyer = await signUpAndSignIn(t.app);
    const claimed = await t.app.inject({
      method: 'POST',
      url: '/api/session/checkout',
      headers: { cookie: buyer.cookie },
      payload: { productId: free._id, amount: 0 },
    });
    expect(claimed.statusCode).toBe(200);
    const mine = await t.app.inject({
      method: 'GET',
      url: '/api/orders/myorders',
      headers: { cookie: buyer.cookie },
    });
    const [purchase] = mine.json<MyOrdersResponse>().purchases;
    expect([purchase!.status, purchase!.licenseKey]).toEqual([
      'paid',
      expect.stringMatching(KEY_SHAPE),
    ]);
  });

  test('a key keeps the limit it was sold with when the product changes', async () => {
    const product = await createTestProduct(t.app, admin, {
      title: 'Limit changes',
      licenseKeys: { enabled: true, maxUses: 1 },
    });
    const order = await paidOrder(product);
    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/products/${product._id}`,
      headers: { cookie: admin },
      payload: {
        title: 'Limit changes',
        description: 'A product.',
        price: 5,
        licenseKeys: { enabled: true, maxUses: 10 },
      },
    });
    expect(edited.statusCode).toBe(200);
    const check = { productId: product._id, licenseKey: order.licenseKey, incrementUses: true };
    expect((await verify(check)).json()).toMatchObject({ valid: true, uses: 1, maxUses: 1 });
    expect((await verify(check)).json().message).toBe(LicenseMessages.limitReached);
  });
});

describe('POST /api/licenses/verify', () => {
  test('a valid key: its uses, limit and order, nothing of the buyer; any case, dashes or not', async () => {
    const order = await paidOrder();
    const loose = ` ${order.licenseKey!.toLowerCase().replaceAll('-', ' ')} `;
    const response = await verify({ productId: keyed._id, licenseKey: loose });
    expect(response.statusCode).toBe(200);
    const { createdAt } = await myOrder(order.cookie, order.orderId);
    expect(response.json()).toEqual({
      valid: true,
      uses: 0,
      maxUses: 3,
      order: { id: order.orderId, createdAt },
    });
    expect(response.body).not.toContain(order.email);
  });

  test('an unknown key and a key of another product answer the same 404', async () => {
    const order = await paidOrder();
    const other = await createTestProduct(t.app, admin, { title: 'Other' });
    const unknown = await verify({
      productId: keyed._id,
      licenseKey: '00000000-00000000-00000000-00000000',
    });
    const elsewhere = await verify({ productId: other._id, licenseKey: order.licenseKey });
    const garbage = await verify({ productId: keyed._id, licenseKey: 'not a key' });
    const refusal = { valid: false, message: LicenseMessages.notFound, code: 'NOT_FOUND' };
    for (const response of [unknown, elsewhere, garbage]) {
      expect([response.statusCode, response.json()]).toEqual([404, refusal]);
    }
  });

  test('refunded, disputed and disabled keys answer 409, each with its message', async () => {
    const refunded = await paidOrder();
    const refund = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${refunded.orderId}/refund`,
      headers: { cookie: admin },
    });
    expect(refund.statusCode).toBe(200);
    const disputed = await paidOrder();
    await t.app.orders.applyOutcome({
      orderId: disputed.orderId,
      result: 'disputed',
      source: 'test',
      eventId: `disputed:${disputed.orderId}`,
    });
    const disabled = await paidOrder();
    const off = await keyAction(disabled.orderId, 'disable');
    expect([off.statusCode, off.json()]).toEqual([
      200,
      { licenseKey: disabled.licenseKey, uses: 0, maxUses: 3, disabled: true },
    ]);
    expect((await adminOrder(disabled.orderId)).licenseKeyDisabled).toBe(true);
    for (const [order, message] of [
      [refunded, LicenseMessages.orderRefunded],
      [disputed, LicenseMessages.orderDisputed],
      [disabled, LicenseMessages.disabled],
    ] as const) {
      const response = await verify({ productId: keyed._id, licenseKey: order.licenseKey });
      expect([response.statusCode, response.json()]).toEqual([
        409,
        { valid: false, message, code: 'CONFLICT' },
      ]);
    }
    expect((await keyAction(disabled.orderId, 'enable')).json().disabled).toBe(false);
    const back = await verify({ productId: keyed._id, licenseKey: disabled.licenseKey });
    expect(back.statusCode).toBe(200);
  });

  test('incrementUses counts activations up to the limit, then 409; plain checks still pass', async () => {
    const order = await paidOrder();
    const check = (incrementUses?: boolean) =>
      verify({ productId: keyed._id, licenseKey: order.licenseKey, incrementUses });
    const counted = [];
    for (let i = 0; i < 3; i += 1) counted.push((await check(true)).json().uses);
    expect(counted).toEqual([1, 2, 3]);
    const fourth = await check(true);
    expect([fourth.statusCode, fourth.json().message]).toEqual([409, LicenseMessages.limitReached]);
    expect((await check()).json()).toMatchObject({ valid: true, uses: 3, maxUses: 3 });
    expect((await adminOrder(order.orderId)).licenseKeyUses).toBe(3);
  });

  test('a bad body answers 400 with field errors', async () => {
    const long = await verify({ productId: keyed._id, licenseKey: 'A'.repeat(101) });
    expect([long.statusCode, long.json().errors]).toEqual([
      400,
      { licenseKey: [LicenseMessages.licenseKeyInvalid] },
    ]);
    const types = await verify({ productId: 7, licenseKey: 'x', incrementUses: 'yes' });
    expect([types.statusCode, types.json().errors]).toEqual([
      400,
      {
        productId: [LicenseMessages.productIdInvalid],
        incrementUses: [LicenseMessages.incrementUsesInvalid],
      },
    ]);
  });

  test('60 checks a minute per address; the 61st waits (429 with Retry-After)', async () => {
    const check = (address: string) =>
      verify({ productId: keyed._id, licenseKey: 'F'.repeat(32) }, address);
    for (let i = 0; i < 60; i += 1) expect((await check('203.0.113.60')).statusCode).toBe(404);
    const refused = await check('203.0.113.60');
    expect([refused.statusCode, refused.headers['retry-after'], refused.json().message]).toEqual([
      429,
      '60',
      LicenseMessages.rateLimited('1 minute'),
    ]);
    clock.advance(59_000);
    expect((await check('203.0.113.60')).headers['retry-after']).toBe('1');
    clock.advance(1_000);
    expect((await check('203.0.113.60')).statusCode).toBe(404);
    // Another address is counted apart.
    expect((await check('203.0.113.61')).statusCode).toBe(404);
  });
});

describe('disabling and enabling a key', () => {
  test('admins only; 404 for an unknown order, 409 for an order without a key', async () => {
    const plain = await createTestProduct(t.app, admin, { title: 'Keyless' });
    const keyless = await paidOrder(plain);
    const unknown = await keyAction('AAAAAAAAAAAAAAAAAAAAAA', 'disable');
    expect([unknown.statusCode, unknown.json().message]).toEqual([
      404,
      OrderMessages.orderNotFound,
    ]);
    const none = await keyAction(keyless.orderId, 'enable');
    expect([none.statusCode, none.json().message]).toEqual([409, LicenseMessages.orderHasNoKey]);
    const order = await paidOrder();
    expect((await keyAction(order.orderId, 'disable', order.cookie)).statusCode).toBe(403);
    const signedOut = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${order.orderId}/license-key/disable`,
    });
    expect(signedOut.statusCode).toBe(401);
  });
});
