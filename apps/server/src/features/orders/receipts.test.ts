import {
  AuthMessages,
  ErrorCode,
  OrderMessages,
  RECEIPT_RESENDS_PER_HOUR,
  ReceiptMessages,
  type Product,
} from '@bindery/shared';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import {
  buildTestApp,
  signInAsAdmin,
  signUpAndSignIn,
  type TestApp,
} from '../../test/build-test-app.js';
import { createTestClock, type TestClock } from '../../test/clock.js';
import { createTestProduct } from '../../test/factories.js';
import { buyProduct, startCheckout } from '../../test/purchase.js';
import { startSmtpInbox, type SmtpInbox } from '../../test/smtp-inbox.js';

const MINUTE = 60 * 1000;

let t: TestApp;
let inbox: SmtpInbox;
let clock: TestClock;
let admin: string;
let product: Product;

beforeEach(async () => {
  inbox = await startSmtpInbox();
  clock = createTestClock();
  t = await buildTestApp(
    { mail: { smtpUrl: inbox.url, from: 'shop@example.com' } },
    { clock: clock.now },
  );
  admin = (await signInAsAdmin(t.app)).cookie;
  product = await createTestProduct(t.app, admin, { title: 'Coptic Stitch Primer' });
});
afterEach(async () => {
  await t.close();
  await inbox.close();
});

const resend = (orderId: string, cookie?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/admin/orders/${orderId}/receipt`,
    headers: cookie ? { cookie } : {},
  });
const emailMe = (orderId: string, cookie?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/orders/${orderId}/receipt`,
    headers: cookie ? { cookie } : {},
  });

/** Receipts queued for an address, sent or not. */
const receiptsTo = async (to: string) =>
  (
    await t.database.db
      .selectFrom('mailOutbox')
      .select('subject')
      .where('toAddress', '=', to)
      .where('kind', '=', 'receipt')
      .execute()
  ).length;

/** The email received for `to`, once `count` of them arrived (within 10 s). */
async function mailsTo(to: string, count: number) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const mails = inbox.messages.filter((mail) => mail.to.includes(to));
    if (mails.length >= count || Date.now() > deadline) return mails;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function paidOrder(buyer: { cookie: string }, item = product) {
  return (await buyProduct(t.app, t.database.db, buyer.cookie, item._id)).orderId;
}

describe('the owner’s Resend receipt', () => {
  test('sends the payment’s receipt again to the buyer', async () => {
    const buyer = await signUpAndSignIn(t.app);
    const orderId = await paidOrder(buyer);
    await inbox.waitForMail({ to: buyer.email });
    const response = await resend(orderId, admin);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ to: buyer.email });
    const mails = await mailsTo(buyer.email, 2);
    expect(mails.map((mail) => mail.subject)).toEqual([
      'Your receipt from Bindery: Coptic Stitch Primer',
      'Your receipt from Bindery: Coptic Stitch Primer',
    ]);
    expect(mails[1]!.text).toBe(mails[0]!.text);
  });

  test('answers 401 signed out, 403 for a buyer, 404 for an unknown order, 409 unless paid', async () => {
    const buyer = await signUpAndSignIn(t.app);
    const orderId = await paidOrder(buyer);
    expect((await resend(orderId)).json()).toEqual({
      message: AuthMessages.notSignedIn,
      code: ErrorCode.unauthorized,
    });
    const asBuyer = await resend(orderId, buyer.cookie);
    expect(asBuyer.statusCode).toBe(403);
    expect(asBuyer.json()).toEqual({ message: AuthMessages.notAllowed, code: ErrorCode.forbidden });
    const unknown = await resend('AAAAAAAAAAAAAAAA', admin);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({
      message: OrderMessages.orderNotFound,
      code: ErrorCode.notFound,
    });
    const pending = await startCheckout(t.app, t.database.db, buyer.cookie, product._id);
    const unpaid = await resend(pending.orderId, admin);
    expect(unpaid.statusCode).toBe(409);
    expect(unpaid.json()).toEqual({ message: ReceiptMessages.notPaid, code: ErrorCode.conflict });
  });
});

describe('the buyer’s Email me the receipt', () => {
  test('sends the receipt of their paid order, and not again for 10 minutes', async () => {
    const buyer = await signUpAndSignIn(t.app);
    const orderId = await paidOrder(buyer);
    const first = await emailMe(orderId, buyer.cookie);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ to: buyer.email });
    expect(await receiptsTo(buyer.email)).toBe(2);

    clock.advance(4 * MINUTE);
    const soon = await emailMe(orderId, buyer.cookie);
    expect(soon.statusCode).toBe(429);
    expect(soon.headers['retry-after']).toBe('360');
    expect(soon.json()).toEqual({
      message: 'This receipt was sent a few minutes ago. You can ask for it again in 6 minutes.',
      code: ErrorCode.tooManyRequests,
    });
    clock.advance(6 * MINUTE);
    expect((await emailMe(orderId, buyer.cookie)).statusCode).toBe(200);
    expect(await receiptsTo(buyer.email)).toBe(3);
  });

  test('someone else’s order is not found; an unpaid one of theirs has no receipt', async () => {
    const owner = await signUpAndSignIn(t.app);
    const other = await signUpAndSignIn(t.app);
    const orderId = await paidOrder(owner);
    const response = await emailMe(orderId, other.cookie);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      message: OrderMessages.orderNotFound,
      code: ErrorCode.notFound,
    });
    expect((await emailMe('not-an-order', other.cookie)).statusCode).toBe(404);
    expect((await emailMe(orderId)).statusCode).toBe(401);
    const pending = await startCheckout(t.app, t.database.db, other.cookie, product._id);
    const unpaid = await emailMe(pending.orderId, other.cookie);
    expect(unpaid.statusCode).toBe(409);
    expect(unpaid.json()).toEqual({ message: ReceiptMessages.notPaid, code: ErrorCode.conflict });
    expect(await receiptsTo(owner.email)).toBe(1);
  });

  test(`at most ${RECEIPT_RESENDS_PER_HOUR} receipts an hour per buyer, whichever orders`, async () => {
    const buyer = await signUpAndSignIn(t.app);
    const orders: string[] = [];
    for (let index = 0; index <= RECEIPT_RESENDS_PER_HOUR; index += 1) {
      const item = await createTestProduct(t.app, admin, { title: `Volume ${index + 1}` });
      orders.push(await paidOrder(buyer, item));
    }
    for (const orderId of orders.slice(0, RECEIPT_RESENDS_PER_HOUR)) {
      expect((await emailMe(orderId, buyer.cookie)).statusCode).toBe(200);
      clock.advance(MINUTE);
    }
    const sixth = await emailMe(orders.at(-1)!, buyer.cookie);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toEqual({
      message: 'You asked for 5 receipts in the last hour. You can ask again in 55 minutes.',
      code: ErrorCode.tooManyRequests,
    });
    clock.advance(55 * MINUTE);
    expect((await emailMe(orders.at(-1)!, buyer.cookie)).statusCode).toBe(200);
  });

  test('10 requests at once send exactly one receipt', async () => {
    const buyer = await signUpAndSignIn(t.app);
    const orderId = await paidOrder(buyer);
    const before = await receiptsTo(buyer.email);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => emailMe(orderId, buyer.cookie)),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([200, 429, 429, 429, 429, 429, 429, 429, 429, 429]);
    expect((await receiptsTo(buyer.email)) - before).toBe(1);
  });
});
