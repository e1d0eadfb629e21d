import {
  ProductUpdateMessages,
  type MyOrdersResponse,
  type OutboxResponse,
  type Product,
} from '@bindery/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  buildTestApp,
  signInAsAdmin,
  signUpAndSignIn,
  type TestApp,
} from '../../test/build-test-app.js';
import { createTestProduct, uploadTestFile } from '../../test/factories.js';
import { insertBuyers, saveProduct } from '../../test/product-update-fixtures.js';
import { buyProduct } from '../../test/purchase.js';
import { startSmtpInbox, type SmtpInbox } from '../../test/smtp-inbox.js';
import { samplePdf } from '../../test/upload-samples.js';

let t: TestApp;
let inbox: SmtpInbox;
let admin: string;

beforeAll(async () => {
  inbox = await startSmtpInbox();
  t = await buildTestApp({ mail: { smtpUrl: inbox.url, from: '"Bindery" <shop@example.com>' } });
  admin = (await signInAsAdmin(t.app)).cookie;
});
afterAll(async () => {
  await t?.close();
  await inbox?.close();
});

const updatesOf = (productId: string) =>
  t.database.db
    .selectFrom('productUpdates')
    .selectAll()
    .where('productId', '=', productId)
    .orderBy('createdAt')
    .execute();

/** Queues the waiting updates' emails and sends them, as the jobs do in the background. */
async function deliverUpdates() {
  await t.app.productUpdates.mailAllWaiting();
  await t.app.mail.sendDueNow();
}

const updateMailsTo = (address: string) =>
  inbox.messages.filter(
    (mail) => mail.to.includes(address) && /has been updated/.test(mail.subject),
  );

describe('recording updates', () => {
  test('a replaced file records an update; saves that change no file record none', async () => {
    const product = await createTestProduct(t.app, admin, { title: 'Quiet Edits' });
    expect(
      (await saveProduct(t.app, admin, product, { title: 'Quiet Edits, 2nd' })).statusCode,
    ).toBe(200);
    // The same file sent back is no change either.
    const same = await t.app.inject({
      method: 'PUT',
      url: `/api/products/${product._id}`,
      headers: { cookie: admin },
      payload: {
        title: product.title,
        subtitle: product.subtitle,
        description: product.description,
        price: product.price,
        digitalFile: product.digitalFile,
      },
    });
    expect(same.statusCode).toBe(200);
    expect(await updatesOf(product._id)).toEqual([]);

    const replaced = await saveProduct(t.app, admin, product, { fileName: 'quiet-v2.pdf' });
    expect(replaced.statusCode).toBe(200);
    const updates = await updatesOf(product._id);
    expect(updates).toHaveLength(1);
    expect(JSON.parse(updates[0]!.changes)).toEqual({
      added: [],
      // The first file keeps its display name (the product's title) when its upload is replaced.
      changed: [product.title],
      removed: [],
    });
    expect(updates[0]).toMatchObject({ message: null, mailState: 'none', mailedCount: 0 });

    // A file added beside the first, then the first renamed and moved: one update, then none.
    const admin_ = await t.app.inject({
      method: 'GET',
      url: `/api/products/${product._id}`,
      headers: { cookie: admin },
    });
    const [first] = admin_.json<{ files: Array<{ id: string; public_id: string }> }>().files;
    const extra = await uploadTestFile(t.app, admin, {
      fileName: 'workbook.pdf',
      data: samplePdf({ text: 'Workbook' }),
    });
    const withFiles = (files: unknown[]) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/products/${product._id}`,
        headers: { cookie: admin },
        payload: {
          title: product.title,
          subtitle: product.subtitle,
          price: product.price,
          description: product.description,
          files,
        },
      });
    const added = await withFiles([
      { id: first!.id, public_id: first!.public_id, name: product.title },
      { public_id: extra.public_id, name: 'Workbook' },
    ]);
    expect(added.statusCode).toBe(200);
    const afterAdd = await updatesOf(product._id);
    expect(afterAdd).toHaveLength(2);
    expect(afterAdd.map((update) => JSON.parse(update.changes))).toContainEqual({
      added: ['Workbook'],
      changed: [],
      removed: [],
    });
    const files = added.json<{ files: Array<{ id: string; public_id: string }> }>().files;
    const moved = await withFiles([
      { id: files[1]!.id, public_id: files[1]!.public_id, name: 'Exercises' },
      { id: files[0]!.id, public_id: files[0]!.public_id, name: product.title },
    ]);
    expect(moved.statusCode).toBe(200);
    expect(await updatesOf(product._id)).toHaveLength(2);
  });

  test('notifyBuyers is refused on a save that changes no file, and without a fitting message', async () => {
    const product = await createTestProduct(t.app, admin, { title: 'Strict Notes' });
    const noFile = await saveProduct(t.app, admin, product, {
      title: 'Strict Notes renamed',
      notifyBuyers: { message: 'New chapter!' },
    });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json()).toMatchObject({
      message: ProductUpdateMessages.noFileChange,
      errors: { notifyBuyers: [ProductUpdateMessages.noFileChange] },
    });
    // Refused whole: the title did not change either.
    const read = await t.app.inject({ method: 'GET', url: `/api/products/${product._id}` });
    expect(read.json<Product>().title).toBe('Strict Notes');

    for (const [notifyBuyers, message] of [
      [{ message: '   ' }, ProductUpdateMessages.messageRequired],
      [{ message: 'x'.repeat(2001) }, ProductUpdateMessages.messageTooLong],
      [{}, ProductUpdateMessages.messageRequired],
    ] as const) {
      const response = await saveProduct(t.app, admin, product, {
        fileName: 'strict-v2.pdf',
        notifyBuyers,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual({ 'notifyBuyers.message': [message] });
    }
    expect(await updatesOf(product._id)).toEqual([]);
  });
});

describe('emailing buyers', () => {
  test('one email per buyer, however many paid orders; refunded, pending and canceled get none', async () => {
    const product = await createTestProduct(t.app, admin, { title: 'Field Guide to Knots' });
    const [twice] = await insertBuyers(t.database.db, product._id, 1, ['paid', 'paid']);
    const [once] = await insertBuyers(t.database.db, product._id, 1, ['paid', 'refunded']);
    const others = [
      ...(await insertBuyers(t.database.db, product._id, 1, ['refunded'])),
      ...(await insertBuyers(t.database.db, product._id, 1, ['pending'])),
      ...(await insertBuyers(t.database.db, product._id, 1, ['canceled'])),
    ];
    const count = await t.app.inject({
      method: 'GET',
      url: `/api/admin/products/${product._id}/buyers-count`,
      headers: { cookie: admin },
    });
    expect(count.statusCode).toBe(200);
    expect(count.json()).toEqual({ buyers: 2 });

    const saved = await saveProduct(t.app, admin, product, {
      fileName: 'knots-2nd-edition.pdf',
      notifyBuyers: { message: '  Chapter 7 now has diagrams.  ' },
    });
    expect(saved.statusCode).toBe(200);
    await deliverUpdates();

    for (const buyer of [twice!, once!]) expect(updateMailsTo(buyer.email)).toHaveLength(1);
    for (const buyer of others) expect(updateMailsTo(buyer.email)).toEqual([]);
    const mail = updateMailsTo(twice!.email)[0]!;
    expect(mail.subject).toBe('Field Guide to Knots has been updated');
    expect(mail.text).toContain('Chapter 7 now has diagrams.');
    expect(mail.text).toContain('Updated: Field Guide to Knots');
    expect(mail.links).toContain('http://localhost:3000/store/my-orders');
    const [update] = await updatesOf(product._id);
    expect(update).toMatchObject({
      message: 'Chapter 7 now has diagrams.',
      mailState: 'done',
      mailedCount: 2,
    });
  });

  test('an address the mail server refuses is listed failed on the Email page with its reason', async () => {
    const product = await createTestProduct(t.app, admin, { title: 'Bounce Test Book' });
    const [kept, bouncing] = await insertBuyers(t.database.db, product._id, 2);
    inbox.refuseRecipient(bouncing!.email, 550, '5.1.1 Mailbox unavailable');
    const saved = await saveProduct(t.app, admin, product, {
      fileName: 'bounce-v2.pdf',
      notifyBuyers: { message: 'Fixed typos.' },
    });
    expect(saved.statusCode).toBe(200);
    await deliverUpdates();
    expect(updateMailsTo(kept!.email)).toHaveLength(1);

    const failed = await t.app.inject({
      method: 'GET',
      url: '/api/admin/mail?status=failed',
      headers: { cookie: admin },
    });
    expect(failed.statusCode).toBe(200);
    const listed = failed
      .json<OutboxResponse>()
      .mails.filter((mail) => mail.to === bouncing!.email);
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({
      kind: 'product-update',
      subject: 'Bounce Test Book has been updated',
      status: 'failed',
      attempts: 1,
      nextAttemptAt: null,
    });
    expect(listed[0]!.lastError).toMatch(/^550 5\.1\.1 Mailbox unavailable/);
    // Not retried: sending again leaves it failed, offered once.
    const offered = inbox.attempts();
    await t.app.mail.sendDueNow();
    expect(inbox.attempts()).toBe(offered);
  });
});

describe('My Orders', () => {
  const myOrder = async (cookie: string, orderId: string) => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/orders/myorders',
      headers: { cookie },
    });
    expect(response.statusCode).toBe(200);
    return response.json<MyOrdersResponse>().purchases.find((order) => order._id === orderId)!;
  };

  test('an order shows when its product was updated, until its buyer downloads again', async () => {
    const product = await createTestProduct(t.app, admin, { title: 'Updated Later' });
    const buyer = await signUpAndSignIn(t.app);
    const { orderId } = await buyProduct(t.app, t.database.db, buyer.cookie, product._id);
    expect((await myOrder(buyer.cookie, orderId)).productUpdatedAt).toBeNull();

    expect(
      (await saveProduct(t.app, admin, product, { fileName: 'later-v2.pdf' })).statusCode,
    ).toBe(200);
    const [update] = await updatesOf(product._id);
    expect((await myOrder(buyer.cookie, orderId)).productUpdatedAt).toBe(
      new Date(update!.createdAt).toISOString(),
    );

    const link = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${orderId}/download-link`,
      headers: { cookie: buyer.cookie },
    });
    expect(link.statusCode).toBe(200);
    const file = await t.app.inject({
      method: 'GET',
      url: link.json<{ downloadUrl: string }>().downloadUrl,
    });
    expect(file.statusCode).toBe(200);
    await t.app.downloads.idle();
    expect((await myOrder(buyer.cookie, orderId)).productUpdatedAt).toBeNull();
  });
});
