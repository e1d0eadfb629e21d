import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import {
  buildTestApp,
  signInAsAdmin,
  signUpAndSignIn,
  type TestApp,
} from '../../test/build-test-app.js';
import { createTestProduct } from '../../test/factories.js';
import { buyProduct, startCheckout } from '../../test/purchase.js';
import { orderRow } from '../../test/order-rows.js';
import { csvText, majorUnits } from './admin-orders-csv.js';

let t: TestApp;
let admin: string;
beforeEach(async () => {
  t = await buildTestApp();
  admin = (await signInAsAdmin(t.app)).cookie;
});
afterEach(async () => {
  await t.close();
});

const exportCsv = (query = '', cookie = admin) =>
  t.app.inject({ method: 'GET', url: `/api/admin/orders.csv${query}`, headers: { cookie } });

const HEADER =
  'Order,Placed (UTC),Customer,Email,Product,Amount,Currency,Status,Paid (UTC),Needs review,' +
  'Net,Tax,Country,Tax ID\r\n';

/** Sets every order's times to known instants, so the export's lines can be compared whole. */
async function pinTimes() {
  const rows = await t.database.db.selectFrom('orders').select(['id', 'orderNumber']).execute();
  for (const row of rows) {
    const at = Date.parse('2026-11-27T09:05:00Z') + Number(row.orderNumber) * 60_000;
    await t.database.db
      .updateTable('orders')
      .set((eb) => ({
        createdAt: at,
        paidAt: eb
          .case()
          .when('paidAt', 'is not', null)
          .then(at + 1000)
          .else(null)
          .end(),
      }))
      .where('id', '=', row.id)
      .execute();
  }
}

describe('GET /api/admin/orders.csv', () => {
  test('every matching order, in the list order, escaped, money in major units', async () => {
    const formula = await createTestProduct(t.app, admin, {
      title: '=HYPERLINK("http://evil")',
      price: 12.5,
    });
    const plain = await createTestProduct(t.app, admin, { title: 'Maps, Vol. 1', price: 1000 });
    const ada = await signUpAndSignIn(t.app, { email: 'ada@example.com', name: '@Ada "A." Byron' });
    const bob = await signUpAndSignIn(t.app, { email: 'bob@example.org', name: '-Bob, Smith' });
    await buyProduct(t.app, t.database.db, ada.cookie, formula._id);
    await startCheckout(t.app, t.database.db, bob.cookie, plain._id);
    await pinTimes();

    const response = await exportCsv('?sort=createdAt&order=asc');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8; header=present');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="orders-\d{4}-\d\d-\d\d\.csv"$/,
    );
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.body).toBe(
      HEADER +
        `1,2026-11-27 09:06:00,"'@Ada ""A."" Byron",ada@example.com,"'=HYPERLINK(""http://evil"")",12.50,USD,paid,2026-11-27 09:06:01,,12.50,0.00,,\r\n` +
        `2,2026-11-27 09:07:00,"'-Bob, Smith",bob@example.org,"Maps, Vol. 1",1000.00,USD,pending,,,1000.00,0.00,,\r\n`,
    );

    // The same filters as the list: search, and newest first without a sort.
    expect((await exportCsv('?q=example.org')).body).toBe(
      HEADER +
        `2,2026-11-27 09:07:00,"'-Bob, Smith",bob@example.org,"Maps, Vol. 1",1000.00,USD,pending,,,1000.00,0.00,,\r\n`,
    );
    const lines = (await exportCsv()).body.split('\r\n');
    expect(lines.map((line) => line.split(',')[0])).toEqual(['Order', '2', '1', '']);
    expect((await exportCsv('?review=true')).body).toBe(HEADER);
  });

  test('more orders than one batch: each once, in order', async () => {
    const product = await createTestProduct(t.app, admin);
    const buyer = await signUpAndSignIn(t.app, { email: 'many@example.com' });
    const user = await t.database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', buyer.email)
      .executeTakeFirstOrThrow();
    const values = Array.from({ length: 1203 }, (_, i) =>
      orderRow({
        id: `o${String(i).padStart(15, '0')}`,
        userId: user.id,
        productId: product._id,
        amountCents: 100 + (i % 7),
        createdAt: 1_700_000_000_000 + Math.floor(i / 3),
        updatedAt: 1,
      }),
    );
    for (let i = 0; i < values.length; i += 300) {
      await t.database.db
        .insertInto('orders')
        .values(values.slice(i, i + 300))
        .execute();
    }
    const body = (await exportCsv('?sort=amountCents&order=desc')).body;
    const rows = body.trim().split('\r\n').slice(1);
    expect(rows).toHaveLength(1203);
    expect(new Set(rows.map((row) => row.split(',')[0])).size).toBe(1203);
    const amounts = rows.map((row) => Number(row.split(',')[5]));
    expect(amounts).toEqual([...amounts].sort((a, b) => b - a));
  });

  test('taxed orders: net, tax, the buyer’s country and tax ID at the end of the line', async () => {
    const product = await createTestProduct(t.app, admin, { title: 'Atlas' });
    const buyer = await signUpAndSignIn(t.app, { email: 'vat@example.com', name: 'Jean' });
    const user = await t.database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', buyer.email)
      .executeTakeFirstOrThrow();
    const paid = { userId: user.id, productId: product._id, status: 'paid' as const };
    await t.database.db
      .insertInto('orders')
      .values([
        orderRow({
          ...paid,
          id: 'otaxed0000000001',
          amountCents: 2388,
          subtotalCents: 1990,
          taxCents: 398,
          taxBehavior: 'exclusive',
          taxRate: '20',
          buyerCountry: 'FR',
          buyerTaxId: '=FR12345678901',
          createdAt: 2,
          paidAt: 3,
        }),
        orderRow({
          ...paid,
          id: 'otaxed0000000002',
          currency: 'jpy',
          amountCents: 1500,
          subtotalCents: 1364,
          taxCents: 136,
          taxBehavior: 'inclusive',
          taxRate: '10',
          buyerCountry: 'JP',
          createdAt: 1,
          paidAt: 3,
        }),
      ])
      .execute();
    const lines = (await exportCsv('?sort=createdAt&order=asc')).body.split('\r\n');
    // Amount (the total) and currency stay where they were; the tax columns follow the rest.
    expect(lines.slice(1, 3).map((line) => line.split(',').slice(5, 7))).toEqual([
      ['1500', 'JPY'],
      ['23.88', 'USD'],
    ]);
    expect(lines.slice(1, 3).map((line) => line.split(',').slice(10))).toEqual([
      ['1364', '136', 'JP', ''],
      ['19.90', '3.98', 'FR', "'=FR12345678901"],
    ]);
  });

  test('a bad filter answers 400 before any CSV; only admins: 401, 403', async () => {
    const refused = await exportCsv('?sort=name');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    const buyer = await signUpAndSignIn(t.app, { email: 'buyer@example.com' });
    const signedOut = await t.app.inject({ method: 'GET', url: '/api/admin/orders.csv' });
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json()).toMatchObject({ code: 'UNAUTHORIZED' });
    const buyerAsks = await exportCsv('', buyer.cookie);
    expect(buyerAsks.statusCode).toBe(403);
    expect(buyerAsks.json()).toMatchObject({ code: 'FORBIDDEN' });
  });
});

describe('CSV cells', () => {
  test('formula starts are defused, separators quoted', () => {
    expect(
      ['=1+1', '+1', '-1', '@SUM(A1)', '\tx', 'plain', 'a,b', 'say "hi"', 'a\r\nb'].map(csvText),
    ).toEqual([
      "'=1+1",
      "'+1",
      "'-1",
      "'@SUM(A1)",
      "'\tx",
      'plain',
      '"a,b"',
      '"say ""hi"""',
      '"a\r\nb"',
    ]);
  });

  test('amounts are exact in major units', () => {
    expect([0, 5, 99, 1250, 100_000_00, 123456789].map(majorUnits)).toEqual([
      '0.00',
      '0.05',
      '0.99',
      '12.50',
      '100000.00',
      '1234567.89',
    ]);
  });
});
