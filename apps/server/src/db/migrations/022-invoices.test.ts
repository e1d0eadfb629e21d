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

const insertOrder = (id: string, status: string, paidAt: number | null, updatedAt: number) =>
  sql`insert into orders (id, user_id, product_id, amount_cents, currency, status, provider,
    created_at, updated_at, paid_at)
    values (${id}, 'u000000000000001', 'p1', 100, 'usd', ${status}, 'test', 1, ${updatedAt}, ${paidAt})`;

test('orders paid before it get invoices in payment order, refunded ones credit notes', async () => {
  handle = await databaseBefore('022-invoices');
  const { db } = handle;
  await sql`insert into users (id, email, password_hash, name, role, created_at)
    values ('u000000000000001', 'b@example.com', 'x', 'B', 'user', 1)`.execute(db);
  await insertOrder('o-late', 'paid', 300, 300).execute(db);
  await insertOrder('o-early', 'refunded', 100, 900).execute(db);
  await insertOrder('o-mid', 'refunded', 200, 500).execute(db);
  await insertOrder('o-open', 'pending', null, 50).execute(db);
  // Money for a flagged order that went back: never paid, so neither document.
  await insertOrder('o-flagged', 'refunded', null, 60).execute(db);
  // o-mid's refund is in its history (at 400); o-early has none and counts from updated_at.
  await sql`insert into order_transitions (order_id, from_status, to_status, reason, created_at)
    values ('o-mid', 'paid', 'refunded', 'refund', 400)`.execute(db);

  expect(await migrate(handle)).toContain('022-invoices');

  const documents = await db
    .selectFrom('invoiceDocuments')
    .select(['orderId', 'kind', 'prefix', 'sequence', 'issuedAt'])
    .orderBy('kind', 'desc')
    .orderBy('sequence')
    .execute();
  expect(
    documents.map((row) => [
      row.orderId,
      row.kind,
      row.prefix,
      Number(row.sequence),
      Number(row.issuedAt),
    ]),
  ).toEqual([
    ['o-early', 'invoice', 'INV-', 1, 100],
    ['o-mid', 'invoice', 'INV-', 2, 200],
    ['o-late', 'invoice', 'INV-', 3, 300],
    ['o-mid', 'credit-note', 'CN-', 1, 400],
    ['o-early', 'credit-note', 'CN-', 2, 900],
  ]);
  const counters = await db
    .selectFrom('invoiceSequences')
    .select(['kind', 'lastSequence'])
    .orderBy('kind')
    .execute();
  expect(counters.map((row) => [row.kind, Number(row.lastSequence)])).toEqual([
    ['credit-note', 2],
    ['invoice', 3],
  ]);
});
