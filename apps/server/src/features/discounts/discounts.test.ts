import { CatalogMessages, DiscountMessages, type Discount } from '@bindery/shared';
import { afterEach, describe, expect, test } from 'vitest';
import {
  buildTestApp,
  signInAsAdmin,
  signUpAndSignIn,
  type TestApp,
} from '../../test/build-test-app.js';
import { createTestProduct } from '../../test/factories.js';

let t: TestApp;
afterEach(async () => {
  await t?.close();
});

const NOW = Date.parse('2026-11-25T12:00:00Z');

/** A store with an admin, a buyer and two products ($12 and $4.99). */
async function store(config: Parameters<typeof buildTestApp>[0] = {}) {
  t = await buildTestApp(config, { clock: () => NOW });
  const admin = (await signInAsAdmin(t.app)).cookie;
  const buyer = (await signUpAndSignIn(t.app)).cookie;
  const atlas = await createTestProduct(t.app, admin, { title: 'Atlas', price: 12 });
  const guide = await createTestProduct(t.app, admin, {
    title: 'Guide',
    price: config.currency === 'JPY' ? 499 : 4.99,
  });
  const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: admin }, ...(payload ? { payload } : {}) });
  const create = (body: object) => send('POST', '/api/admin/discounts', body);
  const lookup = (code: string, productId: string) =>
    t.app.inject({ method: 'GET', url: `/api/discounts/${code}?productId=${productId}` });
  return { admin, buyer, atlas, guide, send, create, lookup };
}

describe('the owner’s discount codes', () => {
  test('a created code is listed with its terms and no redemptions', async () => {
    const s = await store();
    const created = await s.create({
      code: 'SPRING',
      percentOff: 25,
      productIds: [s.atlas._id],
      endsAt: '2026-11-30',
      maxRedemptions: 10,
    });
    expect(created.statusCode).toBe(201);
    const discount = created.json<Discount>();
    expect(discount).toEqual({
      _id: expect.any(String),
      code: 'SPRING',
      percentOff: 25,
      amountOff: null,
      currency: 'USD',
      productIds: [s.atlas._id],
      startsAt: null,
      // A bare date is that whole day in the store's time zone (UTC here).
      endsAt: '2026-12-01T00:00:00.000Z',
      maxRedemptions: 10,
      redemptions: 0,
      createdAt: new Date(NOW).toISOString(),
    });
    const list = await s.send('GET', '/api/admin/discounts');
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual({ discounts: [discount] });
  });

  test('codes are unique whatever their case', async () => {
    const s = await store();
    expect((await s.create({ code: 'Spring', percentOff: 10 })).statusCode).toBe(201);
    const again = await s.create({ code: 'SPRING', amountOff: 2 });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(DiscountMessages.codeTaken);
  });

  test.each([
    [{ code: 'TWO', percentOff: 10, amountOff: 2 }, DiscountMessages.oneKind],
    [{ code: 'NONE' }, DiscountMessages.kindRequired],
    [{ code: 'ZERO', percentOff: 0 }, DiscountMessages.percentInvalid],
    [{ code: 'MORE', percentOff: 101 }, DiscountMessages.percentInvalid],
    [{ code: 'HALF', percentOff: 12.5 }, DiscountMessages.percentInvalid],
    [{ code: 'NEG', amountOff: -1 }, DiscountMessages.amountInvalid],
    [{ code: 'CENTS', amountOff: 1.999 }, DiscountMessages.amountDecimals('USD')],
    [{ code: 'has space', percentOff: 10 }, DiscountMessages.codeInvalid],
    [{ code: '', percentOff: 10 }, DiscountMessages.codeRequired],
    [{ code: 'X'.repeat(41), percentOff: 10 }, DiscountMessages.codeInvalid],
    [{ code: 'DATE', percentOff: 10, startsAt: '2026-02-30' }, DiscountMessages.dateInvalid],
    [{ code: 'WHEN', percentOff: 10, endsAt: 'tomorrow' }, DiscountMessages.dateInvalid],
    [
      { code: 'BACK', percentOff: 10, startsAt: '2026-12-02', endsAt: '2026-12-01' },
      DiscountMessages.endBeforeStart,
    ],
    [{ code: 'CAP', percentOff: 10, maxRedemptions: 0 }, DiscountMessages.maxInvalid],
    [
      { code: 'ODD', percentOff: 10, productIds: ['nope'] },
      DiscountMessages.productUnknown('nope'),
    ],
  ])('%j is refused: %s', async (body, message) => {
    const s = await store();
    const response = await s.create(body);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    expect((await s.send('GET', '/api/admin/discounts')).json().discounts).toEqual([]);
  });

  test('a zero-decimal store takes whole amounts off only', async () => {
    const s = await store({ currency: 'JPY', locale: 'ja-JP' });
    const half = await s.create({ code: 'YEN', amountOff: 12.5 });
    expect(half.statusCode).toBe(400);
    expect(half.json().message).toBe(DiscountMessages.amountDecimals('JPY'));
    const whole = await s.create({ code: 'YEN', amountOff: 300 });
    expect(whole.json()).toMatchObject({ amountOff: 300, currency: 'JPY' });
  });

  test('a change replaces the whole discount; deleting it leaves nothing to find', async () => {
    const s = await store();
    const { _id } = (await s.create({ code: 'SPRING', percentOff: 25 })).json<Discount>();
    const changed = await s.send('PUT', `/api/admin/discounts/${_id}`, {
      code: 'summer',
      amountOff: 3,
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ code: 'summer', percentOff: null, amountOff: 3 });
    expect((await s.lookup('SUMMER', s.atlas._id)).json().price).toBe(9);
    expect((await s.lookup('SPRING', s.atlas._id)).statusCode).toBe(404);

    expect((await s.send('DELETE', `/api/admin/discounts/${_id}`)).statusCode).toBe(204);
    const gone = await s.send('DELETE', `/api/admin/discounts/${_id}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe(DiscountMessages.notFound);
    const missing = await s.send('PUT', `/api/admin/discounts/${_id}`, {
      code: 'X',
      percentOff: 1,
    });
    expect(missing.statusCode).toBe(404);
  });

  test('only admins see or change codes', async () => {
    const s = await store();
    const asBuyer = await t.app.inject({
      method: 'POST',
      url: '/api/admin/discounts',
      headers: { cookie: s.buyer },
      payload: { code: 'MINE', percentOff: 100 },
    });
    expect(asBuyer.statusCode).toBe(403);
    const asVisitor = await t.app.inject({ method: 'GET', url: '/api/admin/discounts' });
    expect(asVisitor.statusCode).toBe(401);
    expect((await s.send('GET', '/api/admin/discounts')).json().discounts).toEqual([]);
  });
});

describe('a code on the product page', () => {
  test('answers the price with the code, rounded half up, never below zero', async () => {
    const s = await store();
    await s.create({ code: 'Spring', percentOff: 25 });
    await s.create({ code: 'THIRD', percentOff: 33 });
    await s.create({ code: 'BIG', amountOff: 8 });
    const spring = await s.lookup('spring', s.atlas._id);
    expect(spring.statusCode).toBe(200);
    expect(spring.headers['cache-control']).toBe('no-store');
    expect(spring.json()).toEqual({
      code: 'Spring',
      price: 9,
      priceCents: 900,
      fullPrice: 12,
      currency: 'USD',
      minimumPrice: null,
    });
    // 33 % of $4.99 is 164.67 cents, taken off as 165: $3.34 left.
    expect((await s.lookup('third', s.guide._id)).json().priceCents).toBe(334);
    expect((await s.lookup('BIG', s.guide._id)).json()).toMatchObject({ price: 0, priceCents: 0 });
  });

  test('answers the lowest amount with the code for a pay-what-you-want product', async () => {
    const s = await store();
    const notes = await createTestProduct(t.app, s.admin, {
      title: 'Notes',
      price: 12,
      payWhatYouWant: true,
      minimumPrice: 5,
    });
    await s.create({ code: 'SPRING', percentOff: 25 });
    await s.create({ code: 'BIG', amountOff: 8 });
    expect((await s.lookup('spring', notes._id)).json()).toEqual({
      code: 'SPRING',
      price: 9,
      priceCents: 900,
      fullPrice: 12,
      currency: 'USD',
      minimumPrice: 3.75,
    });
    expect((await s.lookup('big', notes._id)).json()).toMatchObject({ price: 4, minimumPrice: 0 });
  });

  test('says why a code does not apply', async () => {
    const s = await store();
    await s.create({ code: 'LATER', percentOff: 10, startsAt: '2026-11-26' });
    await s.create({ code: 'OVER', percentOff: 10, endsAt: '2026-11-24T23:59:59Z' });
    await s.create({ code: 'ATLAS', percentOff: 10, productIds: [s.atlas._id] });
    const refusals = await Promise.all([
      s.lookup('LATER', s.atlas._id),
      s.lookup('OVER', s.atlas._id),
      s.lookup('ATLAS', s.guide._id),
    ]);
    expect(refusals.map((response) => [response.statusCode, response.json().message])).toEqual([
      [409, DiscountMessages.notStarted],
      [409, DiscountMessages.expired],
      [409, DiscountMessages.notForProduct],
    ]);
    expect((await s.lookup('ATLAS', s.atlas._id)).statusCode).toBe(200);
  });

  test('a code used up by checkouts is refused', async () => {
    const s = await store();
    const { _id } = (
      await s.create({ code: 'ONCE', percentOff: 10, maxRedemptions: 1 })
    ).json<Discount>();
    expect((await s.lookup('ONCE', s.atlas._id)).statusCode).toBe(200);
    // What an open checkout with the code leaves: a held redemption.
    await t.database.db
      .insertInto('discountRedemptions')
      .values({ orderId: 'o-held', discountId: _id, state: 'held', createdAt: NOW })
      .execute();
    const usedUp = await s.lookup('ONCE', s.atlas._id);
    expect(usedUp.statusCode).toBe(409);
    expect(usedUp.json().message).toBe(DiscountMessages.usedUp);
  });

  test('unknown codes, products and junk are not found; the product is required', async () => {
    const s = await store();
    await s.create({ code: 'SPRING', percentOff: 25 });
    const unknownCode = await s.lookup('WINTER', s.atlas._id);
    expect([unknownCode.statusCode, unknownCode.json().message]).toEqual([
      404,
      DiscountMessages.unknownCode,
    ]);
    const junk = await s.lookup('%27%20OR%201%3D1', s.atlas._id);
    expect([junk.statusCode, junk.json().message]).toEqual([404, DiscountMessages.unknownCode]);
    const unknownProduct = await s.lookup('SPRING', 'nope');
    expect([unknownProduct.statusCode, unknownProduct.json().message]).toEqual([
      404,
      CatalogMessages.productNotFound,
    ]);
    const noProduct = await t.app.inject({ method: 'GET', url: '/api/discounts/SPRING' });
    expect(noProduct.statusCode).toBe(400);
    expect(noProduct.json().message).toBe(DiscountMessages.productIdRequired);
  });
});
