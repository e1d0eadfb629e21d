import { ORDER_SORT_FIELDS, type AdminOrdersResponse, type OrderStatus } from '@bindery/shared';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import {
  buildTestApp,
  signInAsAdmin,
  signUpAndSignIn,
  type TestApp,
} from '../../test/build-test-app.js';
import { createTestProduct } from '../../test/factories.js';
import { orderRow } from '../../test/order-rows.js';

let t: TestApp;
let admin: string;
beforeEach(async () => {
  t = await buildTestApp();
  admin = (await signInAsAdmin(t.app)).cookie;
});
afterEach(async () => {
  await t.close();
});

const list = async (query: string, cookie = admin) => {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/orders?${query}`,
    headers: { cookie },
  });
  return {
    status: response.statusCode,
    body: response.json<AdminOrdersResponse & { message?: string }>(),
  };
};

/** Ties on purpose: equal amounts, equal times, equal statuses. */
const ORDERS: Array<{ cents: number; status: OrderStatus; at: number; review?: boolean }> = [
  { cents: 1250, status: 'paid', at: 2 },
  { cents: 500, status: 'pending', at: 1, review: true },
  { cents: 1250, status: 'canceled', at: 2 },
  { cents: 9900, status: 'paid', at: 3 },
  { cents: 100, status: 'refunded', at: 1, review: true },
  { cents: 1250, status: 'paid', at: 3 },
  { cents: 500, status: 'pending', at: 2, review: true },
  { cents: 300, status: 'paid', at: 1 },
];

async function seedOrders() {
  const buyer = await signUpAndSignIn(t.app, { name: 'Ada Buyer' });
  const user = await t.database.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', buyer.email)
    .executeTakeFirstOrThrow();
  const product = await createTestProduct(t.app, admin);
  for (const [index, order] of ORDERS.entries()) {
    await t.database.db
      .insertInto('orders')
      .values(
        orderRow({
          id: `o${String(index).padStart(15, '0')}`,
          userId: user.id,
          productId: product._id,
          amountCents: order.cents,
          status: order.status,
          reviewReason: order.review ? 'Check this one.' : null,
          createdAt: 1_700_000_000_000 + order.at * 1000,
          updatedAt: 1_700_000_000_000,
        }),
      )
      .execute();
  }
}

type Row = AdminOrdersResponse['orders'][number];
const keyOf: Record<(typeof ORDER_SORT_FIELDS)[number], (row: Row) => string | number> = {
  createdAt: (row) => Date.parse(row.createdAt),
  amountCents: (row) => row.amountCents,
  status: (row) => row.status,
};
const ascending = (keys: Array<string | number>) =>
  [...keys].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));

describe('sorting the admin order list on the server', () => {
  test.each(
    ORDER_SORT_FIELDS.flatMap((field) =>
      (['asc', 'desc'] as const).map((o) => [field, o] as const),
    ),
  )('sort=%s&order=%s sorts every order, and page 2 continues page 1', async (field, order) => {
    await seedOrders();
    const whole = await list(`sort=${field}&order=${order}&limit=20`);
    expect(whole.status).toBe(200);
    expect(whole.body.total).toBe(ORDERS.length);
    const keys = whole.body.orders.map(keyOf[field]);
    expect(keys).toEqual(order === 'asc' ? ascending(keys) : ascending(keys).toReversed());

    const paged: string[] = [];
    for (const page of [1, 2]) {
      const response = await list(`sort=${field}&order=${order}&limit=5&page=${page}`);
      expect(response.status).toBe(200);
      expect(response.body.page).toBe(page);
      paged.push(...response.body.orders.map((row) => row._id));
    }
    // Every order exactly once, in the whole list's order: ties broken the same way each time.
    expect(paged).toEqual(whole.body.orders.map((row) => row._id));
    expect(new Set(paged).size).toBe(ORDERS.length);
  });

  test('amount descending across two pages of five', async () => {
    await seedOrders();
    const first = await list('sort=amountCents&order=desc&limit=5');
    const second = await list('sort=amountCents&order=desc&limit=5&page=2');
    expect(first.body.orders.map((row) => row.amountCents)).toEqual([9900, 1250, 1250, 1250, 500]);
    expect(second.body.orders.map((row) => row.amountCents)).toEqual([500, 300, 100]);
  });

  test('the review filter and the sort work together', async () => {
    await seedOrders();
    const response = await list('review=true&sort=amountCents&order=asc&limit=5');
    expect(response.status).toBe(200);
    expect(response.body.total).toBe(3);
    expect(response.body.orders.map((row) => row.amountCents)).toEqual([100, 500, 500]);
  });

  test.each([
    ['sort=customer', 'sort', 'sort must be one of createdAt, amountCents, status'],
    ['sort=amount', 'sort', 'sort must be one of createdAt, amountCents, status'],
    ['sort=status&order=sideways', 'order', 'order must be asc or desc'],
  ])('%s is a 400 naming the parameter', async (query, field, message) => {
    const response = await list(query);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({
      code: 'VALIDATION_ERROR',
      errors: { [field]: [message] },
    });
  });

  test('a buyer cannot list every order, sorted or not', async () => {
    const buyer = await signUpAndSignIn(t.app);
    expect((await list('sort=amountCents&order=desc', buyer.cookie)).status).toBe(403);
  });
});
