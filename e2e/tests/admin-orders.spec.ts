import { expect, test, type Page } from '@playwright/test';
import {
  ADMIN,
  newBuyer,
  registerThroughUi,
  signInThroughUi,
  seriousViolations,
} from './fixtures.js';

/** The grid's data rows (the header row has no data-id). */
const gridRows = (page: Page) => page.getByRole('grid').locator('[role="row"][data-id]');

/** A new buyer finds `title` and pays with the test card; answers the buyer and the price. */
async function buyAsNewBuyer(page: Page, search: string, title: string) {
  const buyer = newBuyer();
  await registerThroughUi(page, buyer);
  await expect(page.getByText('Registration successful! Please log in.')).toBeVisible();
  await signInThroughUi(page, buyer.email, buyer.password);
  await expect(page).toHaveURL(/\/store\/products$/);

  await page.goto(`/store/products?search=${encodeURIComponent(search)}`);
  await page.getByRole('link', { name: title, exact: true }).click();
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const price =
    (await main
      .getByText(/^\$[\d,]+\.\d{2}$/)
      .first()
      .textContent()) ?? '';

  await main.getByRole('button', { name: 'Buy Now' }).click();
  await expect(page).toHaveURL(/\/checkout\/test\/cs_test_[\w-]+$/);
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Name on card').fill(buyer.name);
  await page.getByRole('button', { name: /^Pay / }).click();

  await expect(page).toHaveURL(/\/store\/success\?session_id=/);
  await expect(page.getByRole('link', { name: 'Download Your File' })).toBeVisible({
    timeout: 20_000,
  });
  return { buyer, price };
}

test('the admin sees a paid order with its buyer; deleting it is refused until it is refunded', async ({
  page,
}) => {
  const title = 'The Bookbinding Handbook';
  const { buyer, price } = await buyAsNewBuyer(page, 'Bookbinding', title);

  await page.getByRole('banner').getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/store\/login$/);
  await signInThroughUi(page, ADMIN.email, ADMIN.password, '/store/login/admin');
  await expect(page).toHaveURL(/\/store\/dashboard$/);

  await page.getByRole('banner').getByRole('link', { name: 'Orders' }).click();
  await expect(page).toHaveURL(/\/store\/orders$/);
  await expect(page.getByRole('heading', { level: 1, name: 'All Customer Orders' })).toBeVisible();
  await expect(page.getByRole('grid').getByRole('columnheader')).toHaveText([
    'Order',
    'Customer',
    'Product',
    'Amount',
    'Status',
    'Date',
    'Actions',
  ]);

  // Newest first: the buyer's order is on the first page.
  const row = gridRows(page).filter({ hasText: buyer.email });
  await expect(row).toHaveCount(1);
  const customer = row.locator('[data-field="user"]');
  await expect(customer.getByText(buyer.name, { exact: true })).toBeVisible();
  await expect(customer.getByText(buyer.email, { exact: true })).toBeVisible();
  await expect(row.locator('[data-field="product"]')).toHaveText(title);
  await expect(row.locator('[data-field="amountCents"]')).toHaveText(price);
  await expect(row.locator('[data-field="status"]')).toHaveText('Paid');
  expect(await seriousViolations(page)).toEqual([]);

  const orderId = await row.getAttribute('data-id');
  expect(orderId).toBeTruthy();
  await row.getByRole('button', { name: `Delete order ${orderId}` }).click();

  const confirm = page.getByRole('alertdialog', { name: 'Are you sure?' });
  await expect(confirm.getByText("You won't be able to revert this!")).toBeVisible();
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await confirm.getByRole('button', { name: 'Yes, delete it!' }).click();

  // A paid order is a money record: the server says to refund it first, and it stays.
  await expect(
    page.getByText('Error deleting order: A paid order cannot be deleted. Refund it first.'),
  ).toBeVisible();
  await expect(confirm).toBeHidden();
  await expect(row.locator('[data-field="status"]')).toHaveText('Paid');

  await row.getByRole('button', { name: `Refund order ${orderId}` }).click();
  await page
    .getByRole('alertdialog', { name: 'Refund this order?' })
    .getByRole('button', { name: 'Yes, refund it!' })
    .click();
  await expect(row.locator('[data-field="status"]')).toHaveText('Refunded');
  await row.getByRole('button', { name: `Delete order ${orderId}` }).click();
  await confirm.getByRole('button', { name: 'Yes, delete it!' }).click();

  await expect(page.getByText('Order deleted successfully!')).toBeVisible();
  await expect(confirm).toBeHidden();
  await expect(gridRows(page).filter({ hasText: buyer.email })).toHaveCount(0);

  // Gone from the admin list on the server too, not only from the page.
  await page.reload();
  // The grid appears once the list has arrived.
  await expect(page.getByRole('grid')).toBeVisible();
  await expect(page.locator(`[role="row"][data-id="${orderId}"]`)).toHaveCount(0);
});

test('a buyer cannot open the orders page', async ({ page }) => {
  const buyer = newBuyer();
  const registered = await page.request.post('/api/auth/register', {
    data: { ...buyer, role: 'user' },
  });
  expect(registered.ok()).toBe(true);
  await signInThroughUi(page, buyer.email, buyer.password);
  await expect(page).toHaveURL(/\/store\/products$/);

  await page.goto('/store/orders');

  await expect(page).toHaveURL(/\/store\/login\/admin$/);
  await expect(page.getByRole('heading', { name: 'Admin sign in' })).toBeVisible();
});

test("the admin refunds a paid order; the buyer's download stops and the chip says Refunded @postgres", async ({
  page,
}) => {
  const title = 'Watercolour Skies';
  const { buyer, price } = await buyAsNewBuyer(page, 'Watercolour', title);
  const href = await page.getByRole('link', { name: 'Download Your File' }).getAttribute('href');
  expect(href).toMatch(/^\/api\/downloads\/.+/);
  // The link works before the refund, so its refusal afterwards is the refund's doing.
  expect((await page.request.get(href!)).status()).toBe(200);

  await page.getByRole('banner').getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/store\/login$/);
  await signInThroughUi(page, ADMIN.email, ADMIN.password, '/store/login/admin');
  await expect(page).toHaveURL(/\/store\/dashboard$/);
  await page.getByRole('banner').getByRole('link', { name: 'Orders' }).click();
  await expect(page).toHaveURL(/\/store\/orders$/);

  const row = gridRows(page).filter({ hasText: buyer.email });
  await expect(row).toHaveCount(1);
  await expect(row.locator('[data-field="status"]')).toHaveText('Paid');
  const orderId = await row.getAttribute('data-id');
  expect(orderId).toBeTruthy();
  await row.getByRole('button', { name: `Refund order ${orderId}` }).click();

  const confirm = page.getByRole('alertdialog', { name: 'Refund this order?' });
  await expect(
    confirm.getByText(`${buyer.name} gets ${price} back and can no longer download ${title}.`),
  ).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await confirm.getByRole('button', { name: 'Yes, refund it!' }).click();

  await expect(page.getByText('Order refunded successfully!')).toBeVisible();
  await expect(confirm).toBeHidden();
  await expect(row.locator('[data-field="status"]')).toHaveText('Refunded');
  await expect(row.getByRole('button', { name: `Refund order ${orderId}` })).toHaveCount(0);

  // The link handed out before the refund no longer gives the file.
  const refused = await page.request.get(href!);
  expect(refused.status()).toBe(403);
  expect(await refused.json()).toMatchObject({
    message: 'This order was refunded or canceled, so its file can no longer be downloaded.',
  });

  await page.getByRole('banner').getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/store\/login$/);
  await signInThroughUi(page, buyer.email, buyer.password);
  await expect(page).toHaveURL(/\/store\/products$/);
  await page.getByRole('banner').getByRole('link', { name: 'My Orders' }).click();
  await expect(page).toHaveURL(/\/store\/my-orders$/);
  const purchase = page
    .getByRole('table', { name: 'My Orders' })
    .getByRole('row')
    .filter({ hasText: title });
  await expect(purchase).toHaveCount(1);
  await expect(purchase.getByRole('cell').nth(2)).toHaveText('Refunded');
  await expect(purchase.getByRole('button', { name: `Download ${title}` })).toHaveCount(0);
});
