import { expect, test, type Page, type PlaywrightWorkerArgs } from '@playwright/test';
import { mailSinkHttpPort } from '../playwright.config.js';
import { payByCard, signUpBuyer, startCheckoutViaApi } from './buyer-helpers.js';
import { ADMIN, signInThroughUi } from './fixtures.js';
import { createProduct, uniqueWord } from './products.js';

// Sending a paid order's receipt again (issue 25, item 15): the owner's Resend receipt in Orders,
// the buyer's Email me the receipt in My Orders, each arriving at the test mail server.

/** How many receipts for `title` reached `to`, once there are `count` (within 15 s). */
async function expectReceipts(to: string, title: string, count: number) {
  const url = `http://127.0.0.1:${process.env.MAIL_SINK_HTTP_PORT ?? String(mailSinkHttpPort)}/messages`;
  await expect
    .poll(
      async () => {
        const mails = (await (await fetch(url)).json()) as Array<{ to: string[]; subject: string }>;
        return mails.filter(
          (mail) =>
            mail.to.includes(to.toLowerCase()) &&
            mail.subject === `Your receipt from Bindery: ${title}`,
        ).length;
      },
      { message: `receipts to ${to}`, timeout: 15_000 },
    )
    .toBe(count);
}

/** A new buyer who paid for a new product; answers the buyer, the title and the order id. */
async function paidOrder(page: Page, playwright: PlaywrightWorkerArgs['playwright']) {
  const admin = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  const title = `Receipt Copy ${uniqueWord()}`;
  const productId = await createProduct(admin, { title, price: 6 });
  await admin.dispose();
  const buyer = await signUpBuyer(page);
  await page.goto(await startCheckoutViaApi(page, productId));
  await payByCard(page, buyer.name);
  await expect(page).toHaveURL(/\/store\/success/);
  await expectReceipts(buyer.email, title, 1);
  const mine = await page.request.get('/api/orders/myorders?page=1&limit=10');
  const { purchases } = (await mine.json()) as { purchases: Array<{ _id: string }> };
  return { buyer, title, orderId: purchases[0]!._id };
}

test('the admin resends a paid order’s receipt from Orders and the buyer gets it again', async ({
  page,
  playwright,
}) => {
  const { buyer, title, orderId } = await paidOrder(page, playwright);
  await page.getByRole('banner').getByRole('button', { name: 'Logout' }).click();
  await signInThroughUi(page, ADMIN.email, ADMIN.password, '/store/login/admin');
  await expect(page).toHaveURL(/\/store\/dashboard$/);
  await page.goto('/store/orders');
  await page.getByRole('button', { name: `Resend receipt of order ${orderId}` }).click();
  await expect(page.getByText(`Receipt sent again to ${buyer.email}.`)).toBeVisible();
  await expectReceipts(buyer.email, title, 2);
});

for (const width of ['desktop', 'phone'] as const) {
  test(`${width === 'phone' ? '@mobile ' : ''}the buyer emails themselves the receipt from My Orders, once per 10 minutes`, async ({
    page,
    playwright,
  }) => {
    const { buyer, title } = await paidOrder(page, playwright);
    await page.goto('/store/my-orders');
    const button = page.getByRole('button', { name: `Email me the receipt: ${title}` });
    await expect(button).toBeVisible();
    if (width === 'desktop') await expect(button).toHaveText('Email me the receipt');
    await button.click();
    await expect(page.getByText(`Receipt sent to ${buyer.email}.`)).toBeVisible();
    await expectReceipts(buyer.email, title, 2);

    await button.click();
    await expect(
      page.getByText(
        'This receipt was sent a few minutes ago. You can ask for it again in 10 minutes.',
      ),
    ).toBeVisible();
    await expectReceipts(buyer.email, title, 2);
  });
}
