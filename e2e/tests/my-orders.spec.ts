import { expect, test, type Page } from '@playwright/test';
import {
  demoProducts,
  payByCard,
  sidewaysOverflow,
  signUpBuyer,
  startCheckoutViaApi,
} from './buyer-helpers.js';

const table = (page: Page) => page.getByRole('table', { name: 'My Orders' });
const rowOf = (page: Page, title: string) =>
  table(page).getByRole('row').filter({ hasText: title });
const canceledSwitch = (page: Page) =>
  page.getByRole('switch', { name: 'Show canceled checkouts' });

/** Cancels a checkout on the test checkout page, as a buyer who changed their mind. */
async function cancelCheckout(page: Page, url: string) {
  await page.goto(url);
  await page.getByRole('button', { name: 'Cancel and return to the store' }).click();
  await expect(page).toHaveURL(/\/store\/cancel$/);
}

test('a pending order offers "Complete payment" while its checkout is open, and it opens the checkout', async ({
  page,
}) => {
  await signUpBuyer(page);
  const [product] = await demoProducts(page.request);
  const checkoutUrl = await startCheckoutViaApi(page, product!._id);

  await page.goto('/store/my-orders');
  const row = rowOf(page, product!.title);
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('cell').nth(2)).toHaveText('Pending');
  // The date comes with the time.
  await expect(row.locator('time')).toHaveText(/\d{4}.*\d{1,2}:\d{2}/);
  const complete = row.getByRole('link', { name: 'Complete payment' });
  await expect(complete).toHaveAttribute('href', checkoutUrl);
  await complete.click();
  await expect(page).toHaveURL(checkoutUrl);
  await expect(page.getByText('Test mode — no real charge')).toBeVisible();
  await expect(page.getByRole('heading', { name: product!.title })).toBeVisible();
});

test('canceled checkouts are hidden until the switch shows them; the switch stays on a reload', async ({
  page,
}) => {
  await signUpBuyer(page);
  const [kept, dropped] = await demoProducts(page.request);
  await startCheckoutViaApi(page, kept!._id);
  await cancelCheckout(page, await startCheckoutViaApi(page, dropped!._id));

  await page.goto('/store/my-orders');
  await expect(rowOf(page, kept!.title)).toHaveCount(1);
  await expect(rowOf(page, dropped!.title)).toHaveCount(0);
  await expect(canceledSwitch(page)).not.toBeChecked();

  await canceledSwitch(page).click();
  await expect(page).toHaveURL(/\/store\/my-orders\?include=canceled$/);
  const canceled = rowOf(page, dropped!.title);
  await expect(canceled.getByRole('cell').nth(2)).toHaveText('Canceled');
  await expect(canceled.getByRole('link', { name: 'Complete payment' })).toHaveCount(0);

  await page.reload();
  await expect(canceledSwitch(page)).toBeChecked();
  await expect(rowOf(page, dropped!.title)).toHaveCount(1);

  await canceledSwitch(page).click();
  await expect(page).toHaveURL(/\/store\/my-orders$/);
  await expect(rowOf(page, dropped!.title)).toHaveCount(0);
});

test('the page and page size stay in the address: a reload keeps page 2, Back returns to page 1', async ({
  page,
}) => {
  await signUpBuyer(page);
  const products = await demoProducts(page.request);
  // Seven pending orders, one per product (a second Buy Now of the same product continues the first).
  for (const product of products.slice(0, 7)) await startCheckoutViaApi(page, product._id);

  await page.goto('/store/products');
  await page.getByRole('banner').getByRole('link', { name: 'My Orders' }).click();
  await expect(page.getByText('1–7 of 7')).toBeVisible();

  await page.getByRole('combobox', { name: /Rows per page/ }).click();
  await page.getByRole('option', { name: '5' }).click();
  await expect(page).toHaveURL(/\/store\/my-orders\?size=5$/);
  await expect(page.getByText('1–5 of 7')).toBeVisible();

  await page.getByRole('button', { name: /next page/i }).click();
  await expect(page).toHaveURL(
    /\/store\/my-orders\?size=5&page=2$|\/store\/my-orders\?page=2&size=5$/,
  );
  await expect(page.getByText('6–7 of 7')).toBeVisible();
  await expect(table(page).getByRole('row')).toHaveCount(3);

  await page.reload();
  await expect(page.getByText('6–7 of 7')).toBeVisible();
  await expect(page.getByRole('combobox', { name: /Rows per page/ })).toHaveText('5');

  await page.goBack();
  await expect(page).toHaveURL(/\/store\/my-orders\?size=5$/);
  await expect(page.getByText('1–5 of 7')).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/store\/my-orders$/);
  await expect(page.getByText('1–7 of 7')).toBeVisible();
});

test('@mobile on a phone My Orders does not scroll sideways and every action is reachable', async ({
  page,
}) => {
  const buyer = await signUpBuyer(page);
  const [pending, dropped, paid] = await demoProducts(page.request);
  // One order of each kind: paid (Download), pending (Complete payment) and canceled.
  await page.goto(await startCheckoutViaApi(page, paid!._id));
  await payByCard(page, buyer.name);
  await expect(page.getByRole('link', { name: 'Download Your File' })).toBeVisible({
    timeout: 20_000,
  });
  const checkoutUrl = await startCheckoutViaApi(page, pending!._id);
  await cancelCheckout(page, await startCheckoutViaApi(page, dropped!._id));

  await page.goto('/store/my-orders');
  const row = rowOf(page, pending!.title);
  await expect(row).toHaveCount(1);
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  const complete = row.getByRole('link', { name: 'Complete payment' });
  await complete.scrollIntoViewIfNeeded();
  await expect(complete).toBeInViewport();
  await expect(complete).toHaveAttribute('href', checkoutUrl);

  await canceledSwitch(page).scrollIntoViewIfNeeded();
  await canceledSwitch(page).tap();
  await expect(rowOf(page, dropped!.title)).toHaveCount(1);
  // Nor does the table inside its frame: every row's action stays on the screen.
  expect(
    await table(page).evaluate((element) => {
      const frame = element.parentElement!;
      return frame.scrollWidth - frame.clientWidth;
    }),
  ).toBeLessThanOrEqual(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  const download = rowOf(page, paid!.title).getByRole('button', {
    name: `Download ${paid!.title}`,
  });
  await download.scrollIntoViewIfNeeded();
  await expect(download).toBeInViewport({ ratio: 1 });

  await complete.tap();
  await expect(page).toHaveURL(checkoutUrl);
});
