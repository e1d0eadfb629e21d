import { afterAll, beforeAll, expect, test } from 'vitest';
import { buildTestApp, signInAsAdmin, type TestApp } from '../../test/build-test-app.js';
import { createTestProduct } from '../../test/factories.js';
import { insertBuyers, saveProduct } from '../../test/product-update-fixtures.js';

// Batches, their transactions and row locks: engine-sensitive, so this file runs on both.
let t: TestApp;
let admin: string;

beforeAll(async () => {
  // Email goes to the log: what is measured here is the queueing, not SMTP.
  t = await buildTestApp();
  admin = (await signInAsAdmin(t.app)).cookie;
});
afterAll(async () => t?.close());

const BUYERS = 300;

const queuedUpdateMail = () =>
  t.database.db
    .selectFrom('mailOutbox')
    .select('toAddress')
    .where('kind', '=', 'product-update')
    .execute();

test(`${BUYERS} buyers: the save answers at once, and a step run again or twice mails nobody twice`, async () => {
  const product = await createTestProduct(t.app, admin, { title: 'Popular Pattern Book' });
  const buyers = await insertBuyers(t.database.db, product._id, BUYERS);

  const started = performance.now();
  const saved = await saveProduct(t.app, admin, product, {
    fileName: 'patterns-v3.pdf',
    notifyBuyers: { message: 'Three new patterns.' },
  });
  const saveMs = performance.now() - started;
  expect(saved.statusCode).toBe(200);
  // The request recorded the update only; the emails are the job's, 100 per step.
  expect((await queuedUpdateMail()).length).toBeLessThan(BUYERS);
  console.info(`save with ${BUYERS} buyers to email: ${Math.round(saveMs)} ms`);

  // Two steps at once (two workers), then one run again from before the first (a crash and a
  // retry that read the old cursor): buyers already recorded are skipped.
  await Promise.all([t.app.productUpdates.mailNextBatch(), t.app.productUpdates.mailNextBatch()]);
  await t.database.db
    .updateTable('productUpdates')
    .set({ mailCursor: null, mailState: 'sending' })
    .where('productId', '=', product._id)
    .execute();
  await t.app.productUpdates.mailAllWaiting();

  const queued = await queuedUpdateMail();
  expect(queued).toHaveLength(BUYERS);
  expect(new Set(queued.map((mail) => mail.toAddress))).toEqual(
    new Set(buyers.map((buyer) => buyer.email)),
  );
  const recipients = await t.database.db
    .selectFrom('productUpdateRecipients')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow();
  expect(Number(recipients.count)).toBe(BUYERS);
  const [update] = await t.database.db
    .selectFrom('productUpdates')
    .selectAll()
    .where('productId', '=', product._id)
    .execute();
  expect(update).toMatchObject({ mailState: 'done', mailedCount: BUYERS });
});
