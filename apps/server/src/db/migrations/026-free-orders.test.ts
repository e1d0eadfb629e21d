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

const insertOrder = (id: string, amount: number) =>
  sql`insert into orders (id, user_id, product_id, amount_cents, currency, status, provider,
    created_at, updated_at) values (${id}, 'u000000000000001', 'p1', ${amount}, 'usd', 'paid',
    'test', 1, 1)`;

test('orders of 0 are allowed, below 0 still refused, and the orders stored stay', async () => {
  handle = await databaseBefore('026-free-orders');
  const { db } = handle;
  await sql`insert into users (id, email, password_hash, name, role, created_at)
    values ('u000000000000001', 'b@example.com', 'x', 'B', 'user', 1)`.execute(db);
  await insertOrder('o000000000000001', 1200).execute(db);
  await expect(insertOrder('o000000000000002', 0).execute(db)).rejects.toThrow(/check/i);

  expect(await migrate(handle)).toEqual(['026-free-orders']);
  await insertOrder('o000000000000002', 0).execute(db);
  await expect(insertOrder('o000000000000003', -1).execute(db)).rejects.toThrow(/check/i);
  const amounts = await db.selectFrom('orders').select('amountCents').orderBy('id').execute();
  expect(amounts.map((row) => row.amountCents)).toEqual([1200, 0]);
  // The children of an order are untouched: the table was not rebuilt.
  await sql`insert into order_transitions (order_id, from_status, to_status, reason, created_at)
    values ('o000000000000001', 'pending', 'paid', 'test', 1)`.execute(db);
});
