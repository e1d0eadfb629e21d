import { sql } from 'kysely';
import { afterEach, expect, test } from 'vitest';
import { createSalesRepo } from '../../features/sales/sales.repo.js';
import { databaseBefore } from '../../test/migrations.js';
import type { DatabaseHandle } from '../client.js';
import { migrate } from '../migrate.js';

let handle: DatabaseHandle | undefined;
afterEach(async () => {
  await handle?.close();
  handle = undefined;
});

test('the sales totals start from the orders already paid and refunded', async () => {
  handle = await databaseBefore('014-sales-totals');
  const { db, dialect } = handle;
  await sql`insert into users (id, email, password_hash, name, role, created_at)
    values ('u000000000000001', 'b@example.com', 'x', 'B', 'user', 1)`.execute(db);
  const at = (iso: string) => Date.parse(iso);
  const orders: Array<[string, string, number, string, number | null]> = [
    ['o000000000000001', 'p1', 1000, 'paid', at('2026-11-24T10:00:00Z')],
    ['o000000000000002', 'p1', 1000, 'paid', at('2026-11-24T10:14:59Z')],
    ['o000000000000003', 'p2', 400, 'paid', at('2026-11-24T10:15:00Z')],
    ['o000000000000004', 'p2', 400, 'refunded', at('2026-11-24T10:20:00Z')],
    ['o000000000000005', 'p2', 400, 'refunded', null],
    ['o000000000000006', 'p2', 400, 'pending', null],
    ['o000000000000007', 'p1', 1000, 'paid', at('2026-11-25T00:00:00Z')],
  ];
  for (const [id, productId, amount, status, paidAt] of orders) {
    await sql`insert into orders (id, user_id, product_id, amount_cents, currency, status,
      provider, created_at, updated_at, paid_at)
      values (${id}, 'u000000000000001', ${productId}, ${amount}, 'usd', ${status}, 'test',
      1, 1, ${paidAt})`.execute(db);
  }

  expect((await migrate(handle))[0]).toBe('014-sales-totals');

  const quarters = await db
    .selectFrom('salesQuarterHours')
    .selectAll()
    .orderBy('startsAt')
    .execute();
  expect(
    quarters.map((row) =>
      [row.startsAt, row.revenueCents, row.orders, row.refundedCents].map(Number),
    ),
  ).toEqual([
    [at('2026-11-24T10:00:00Z'), 2000, 2, 0],
    [at('2026-11-24T10:15:00Z'), 400, 1, 400],
    [at('2026-11-25T00:00:00Z'), 1000, 1, 0],
  ]);
  const days = await db
    .selectFrom('salesProductDays')
    .selectAll()
    .orderBy('startsAt')
    .orderBy('productId')
    .execute();
  expect(
    days.map((row) => [
      Number(row.startsAt),
      row.productId,
      Number(row.revenueCents),
      Number(row.orders),
    ]),
  ).toEqual([
    [at('2026-11-24T00:00:00Z'), 'p1', 2000, 2],
    [at('2026-11-24T00:00:00Z'), 'p2', 400, 1],
    [at('2026-11-25T00:00:00Z'), 'p1', 1000, 1],
  ]);

  // What the overview reads agrees with the orders.
  const repo = createSalesRepo(db, dialect);
  expect(await repo.refundedBetween(at('2026-11-24T00:00:00Z'), at('2026-11-25T00:00:00Z'))).toBe(
    400,
  );
  expect(
    await repo.topProductsBetween(at('2026-11-24T00:00:00Z'), at('2026-11-26T00:00:00Z'), 10),
  ).toEqual([
    { productId: 'p1', revenueCents: 3000, orders: 3 },
    { productId: 'p2', revenueCents: 400, orders: 1 },
  ]);
});
