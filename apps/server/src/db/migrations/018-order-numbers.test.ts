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

const insertOrder = (id: string, createdAt: number) =>
  sql`insert into orders (id, user_id, product_id, amount_cents, currency, status, provider,
    created_at, updated_at)
    values (${id}, 'u000000000000001', 'p1', 100, 'usd', 'paid', 'test', ${createdAt}, 1)`;

test('orders already stored are numbered in creation order; new ones take the next number', async () => {
  handle = await databaseBefore('018-order-numbers');
  const { db } = handle;
  await sql`insert into users (id, email, password_hash, name, role, created_at)
    values ('u000000000000001', 'b@example.com', 'x', 'B', 'user', 1)`.execute(db);
  // Inserted out of order, with a tie on the time broken by the id.
  for (const [id, at] of [
    ['o-c', 300],
    ['o-a', 100],
    ['o-e', 200],
    ['o-b', 200],
  ] as const) {
    await insertOrder(id, at).execute(db);
  }

  expect(await migrate(handle)).toContain('018-order-numbers');

  const numbered = async () =>
    (
      await db.selectFrom('orders').select(['id', 'orderNumber']).orderBy('orderNumber').execute()
    ).map((row) => `${row.id}:${Number(row.orderNumber)}`);
  expect(await numbered()).toEqual(['o-a:1', 'o-b:2', 'o-e:3', 'o-c:4']);

  await insertOrder('o-new', 50).execute(db);
  await insertOrder('o-next', 60).execute(db);
  expect((await numbered()).slice(-2)).toEqual(['o-new:5', 'o-next:6']);

  // Two orders never share a number.
  await expect(
    sql`update orders set order_number = 1 where id = 'o-new'`.execute(db),
  ).rejects.toThrow();
});
