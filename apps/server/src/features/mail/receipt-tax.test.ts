import { afterEach, describe, expect, test } from 'vitest';
import {
  buildTestApp,
  signInAsAdmin,
  signUpAndSignIn,
  testConfig,
  type TestApp,
} from '../../test/build-test-app.js';
import { createTestProduct } from '../../test/factories.js';
import { payTestCheckout, startCheckout } from '../../test/purchase.js';
import { startSmtpInbox, type SmtpInbox } from '../../test/smtp-inbox.js';

let t: TestApp;
let inbox: SmtpInbox;
afterEach(async () => {
  await t.close();
  await inbox.close();
});

/** A store whose test checkout charges tax, sending its email to a real SMTP inbox. */
async function startStore(options: {
  behavior: 'exclusive' | 'inclusive';
  rate: string;
  currency: string;
  locale: string;
}) {
  inbox = await startSmtpInbox();
  const payments = {
    ...testConfig().payments,
    tax: { behavior: options.behavior, testRate: options.rate },
  };
  t = await buildTestApp({
    payments,
    currency: options.currency,
    locale: options.locale,
    mail: { smtpUrl: inbox.url, from: 'shop@example.com' },
  });
  const admin = (await signInAsAdmin(t.app)).cookie;
  return { admin, buyer: await signUpAndSignIn(t.app) };
}

/** Buys `price` through the test checkout from France; the order's id. */
async function buyFromFrance(buyer: { cookie: string }, admin: string, price: number) {
  const product = await createTestProduct(t.app, admin, { title: 'Kettle Stitch', price });
  const { sessionId, orderId } = await startCheckout(
    t.app,
    t.database.db,
    buyer.cookie,
    product._id,
  );
  const paid = await payTestCheckout(t.app, sessionId, { country: 'FR' });
  expect(paid.statusCode).toBe(303);
  return orderId;
}

describe('the receipt of a taxed order', () => {
  test('shows subtotal, tax with its rate, and total in the order’s currency and the store’s locale', async () => {
    const { admin, buyer } = await startStore({
      behavior: 'exclusive',
      rate: '20',
      currency: 'EUR',
      locale: 'de-DE',
    });
    const orderId = await buyFromFrance(buyer, admin, 19);
    const receipt = await inbox.waitForMail({ to: buyer.email, subject: /receipt/ });
    expect(receipt.text).toContain(
      'Product: Kettle Stitch\nSubtotal: 19,00\u00a0€\nTax (20%): 3,80\u00a0€\nTotal: 22,80\u00a0€\n',
    );
    expect(receipt.text).not.toContain('Amount:');
    expect(receipt.html).toContain(
      '<td style="padding:4px 16px 4px 0;color:#555">Tax (20%)</td><td style="padding:4px 0;font-weight:600">3,80\u00a0€</td>',
    );

    // Sent again by the owner from the paid order: the same lines.
    const resent = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${orderId}/receipt`,
      headers: { cookie: admin },
    });
    expect(resent.statusCode).toBe(200);
    const deadline = Date.now() + 10_000;
    while (inbox.messages.length < 2 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(inbox.messages).toHaveLength(2);
    expect(inbox.messages[1]!.text).toContain(
      'Subtotal: 19,00\u00a0€\nTax (20%): 3,80\u00a0€\nTotal: 22,80\u00a0€\n',
    );
  });

  test('tax included in the price: the total is the price, the tax inside it', async () => {
    const { admin, buyer } = await startStore({
      behavior: 'inclusive',
      rate: '8.875',
      currency: 'USD',
      locale: 'en-US',
    });
    await buyFromFrance(buyer, admin, 19.99);
    const receipt = await inbox.waitForMail({ to: buyer.email, subject: /receipt/ });
    expect(receipt.text).toContain('Subtotal: $19.99\nTax (8.875%): $1.63\nTotal: $19.99\n');
  });
});
