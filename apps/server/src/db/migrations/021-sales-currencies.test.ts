import { sql } from 'kysely';
import { afterEach, expect, test } from 'vitest';
import { databaseBefore } from '../../test/migrations.js';
import type { DatabaseHandle } from '../client.js';
import { migrate } from '../migrate.js';

let handle: DatabaseHandle | undefined;
afterEach(async () => {
  await handle?.close();
  handle = undefined;
});

test('the running totals are made again per currency from the orders already paid', async () => {
  handle = await databaseBefore('021-sales-currencies');
  const { db } = handle;
  await sql`insert into users (id, email, password_hash, name, role, created_at)
    values ('u000000000000001', 'b@example.com', 'x', 'B', 'user', 1)`.execute(db);
  const at = Date.parse('2026-11-24T10:00:00Z');
  const orders: Array<[string, number, string, string]> = [
    ['o000000000000001', 1000, 'usd', 'paid'],
    ['o000000000000002', 1000, 'usd', 'refunded'],
    ['o000000000000003', 1500, 'jpy', 'paid'],
  ];
  for (const [id, amount, currency, status] of orders) {
    await sql`insert into orders (id, user_id, product_id, amount_cents, currency, status,
      provider, created_at, updated_at, paid_at)
      values (${id}, 'u000000000000001', 'p1', ${amount}, ${currency}, ${status}, 'test',
      1, 1, ${at})`.execute(db);
  }
  expect((await migrate(handle))[0]).toBe('021-sales-currencies');

  const quarters = await db
    .selectFrom('salesQuarterHours')
    .selectAll()
    .orderBy('currency')
    .execute();
  expect(
    quarters.map((row) => [
      Number(row.startsAt),
      row.currency,
      Number(row.revenueCents),
      Number(row.orders),
      Number(row.refundedCents),
    ]),
  ).toEqual([
    [at, 'jpy', 1500, 1, 0],
    [at, 'usd', 1000, 1, 1000],
  ]);
  const days = await db.selectFrom('salesProductDays').selectAll().orderBy('currency').execute();
  expect(days.map((row) => [row.currency, Number(row.revenueCents), Number(row.orders)])).toEqual([
    ['jpy', 1500, 1],
    ['usd', 1000, 1],
  ]);
});
