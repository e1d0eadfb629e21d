import { readFileSync } from 'node:fs';
import {
  expect,
  request as playwrightRequest,
  test,
  type Browser,
  type Page,
} from '@playwright/test';
import { payByCard, startCheckoutViaApi } from './buyer-helpers.js';
import { ADMIN, newBuyer, signInThroughUi } from './fixtures.js';
import { createProduct, uniqueWord } from './products.js';

async function signInAsAdmin(page: Page) {
  await signInThroughUi(page, ADMIN.email, ADMIN.password, '/store/login/admin');
  await expect(page).toHaveURL(/\/store\/dashboard$/);
}

/** A product of its own, made through the admin API; answers its id and title. */
async function newProduct(baseURL: string, title: string) {
  const api = await playwrightRequest.newContext({ baseURL });
  const id = await createProduct(api, { title, price: 14.5 });
  await api.dispose();
  return id;
}

/** A new buyer, in a browser of their own, buys `productId` with the test card. */
async function buy(browser: Browser, productId: string) {
  const buyer = newBuyer();
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/store/products');
  expect(
    (await page.request.post('/api/auth/register', { data: { ...buyer, role: 'user' } })).ok(),
  ).toBe(true);
  const login = await page.request.post('/api/auth/login', {
    data: { email: buyer.email, password: buyer.password },
  });
  expect(login.ok()).toBe(true);
  await page.goto(await startCheckoutViaApi(page, productId));
  await payByCard(page, buyer.name);
  await expect(page).toHaveURL(/\/store\/success\?session_id=/);
  await context.close();
  return buyer;
}

/** Presses Tab until the focused element has this accessible name; answers the names passed. */
async function tabTo(page: Page, name: string, most = 60) {
  const passed: string[] = [];
  for (let step = 0; step < most; step++) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(
      () =>
        document.activeElement?.getAttribute('aria-label') ??
        document.activeElement?.textContent ??
        '',
    );
    passed.push(focused);
    if (focused === name) return passed;
  }
  throw new Error(`Tab never reached “${name}”; it passed ${passed.join(' | ')}`);
}

test('a product with sales is archived on delete, listed under Archived, and restored to the catalogue', async ({
  page,
  browser,
  baseURL,
}) => {
  const title = `Archive ${uniqueWord()}`;
  const id = await newProduct(baseURL!, title);
  await buy(browser, id);

  await signInAsAdmin(page);
  const grid = page.getByRole('table', { name: 'Products' });
  await grid.getByRole('button', { name: `Delete ${title}` }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog.getByRole('heading')).toHaveText('Are you sure?');
  await expect(
    dialog.getByText("You won't be able to revert this!", { exact: true }),
  ).toBeVisible();
  await expect(
    dialog.getByText('A product that has sales is archived instead: its buyers keep their files.', {
      exact: true,
    }),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'Yes, delete it!' }).click();
  await expect(page.getByText('Product deleted successfully!')).toBeVisible();
  await expect(grid.getByRole('button', { name: `Delete ${title}` })).toHaveCount(0);

  await page.getByRole('button', { name: 'Archived', exact: true }).click();
  await expect(page).toHaveURL(/\/store\/dashboard\?status=archived$/);
  const restore = grid.getByRole('button', { name: `Restore ${title}` });
  await restore.hover();
  await expect(page.getByRole('tooltip', { name: 'Restore' })).toBeVisible();
  await page.reload();
  await restore.click();
  await expect(page.getByText('Product restored to the catalogue.')).toBeVisible();
  await expect(restore).toHaveCount(0);

  await page.getByRole('button', { name: 'Active', exact: true }).click();
  await expect(page).toHaveURL(/\/store\/dashboard$/);
  await expect(grid.getByRole('button', { name: `Edit ${title}` })).toBeVisible();
  const word = title.split(' ')[1]!;
  await page.goto(`/store/products?search=${word}`);
  await expect(page.getByRole('link', { name: title, exact: true })).toBeVisible();
});

test('Products: Edit and Delete are reached with Tab and named by tooltips on focus', async ({
  page,
}) => {
  await signInAsAdmin(page);
  const firstTitle = (await page
    .getByRole('table', { name: 'Products' })
    .locator('tr[data-id]')
    .first()
    .locator('[data-field="title"]')
    .textContent())!;
  await page.getByRole('button', { name: 'Archived', exact: true }).focus();
  const passed = await tabTo(page, `Edit ${firstTitle}`);
  expect(passed.length).toBeLessThanOrEqual(4);
  await expect(page.getByRole('tooltip', { name: 'Edit' })).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: `Delete ${firstTitle}` })).toBeFocused();
  await expect(page.getByRole('tooltip', { name: 'Delete' })).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alertdialog')).toBeVisible();
});

test('Orders: number, time of day, search, tooltips, Tab to Refund and Delete, CSV of the filtered list', async ({
  page,
  browser,
  baseURL,
}) => {
  const title = `Ledger ${uniqueWord()}`;
  const id = await newProduct(baseURL!, title);
  const buyer = await buy(browser, id);

  await signInAsAdmin(page);
  await page.goto('/store/orders');
  const search = page.getByRole('searchbox', { name: 'Search orders' });
  await search.fill(buyer.email.toUpperCase());
  await expect(page).toHaveURL(
    new RegExp(`[?&]q=${encodeURIComponent(buyer.email.toUpperCase()).replace(/%40/, '(%40|@)')}`),
  );
  const rows = page.getByRole('grid').locator('[role="row"][data-id]');
  await expect(rows).toHaveCount(1);
  const row = rows.first();
  const number = (await row.locator('[data-field="orderNumber"]').textContent())!;
  expect(number).toMatch(/^#\d+$/);
  await expect(row.locator('[data-field="createdAt"]')).toHaveText(
    /^\w{3} \d{1,2}, \d{4}, \d{1,2}:\d\d\s?[AP]M$/,
  );
  const orderId = (await row.getAttribute('data-id'))!;

  // The same order by product title, and by its number.
  await search.fill(title.toLowerCase());
  await expect(page).toHaveURL(/[?&]q=ledger/);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toHaveAttribute('data-id', orderId);
  await search.fill(number);
  await expect(page).toHaveURL(new RegExp(`[?&]q=%23${number.slice(1)}$`));
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toHaveAttribute('data-id', orderId);
  // The search survives a reload: it lives in the address.
  await page.reload();
  await expect(search).toHaveValue(number);
  await expect(rows).toHaveCount(1);

  const refund = row.getByRole('button', { name: `Refund order ${orderId}` });
  await refund.hover();
  await expect(page.getByRole('tooltip', { name: 'Refund' })).toBeVisible();
  await page.mouse.move(0, 0);

  await search.focus();
  await tabTo(page, `Refund order ${orderId}`);
  await expect(refund).toBeFocused();
  await expect(page.getByRole('tooltip', { name: 'Refund' })).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(row.getByRole('button', { name: `Delete order ${orderId}` })).toBeFocused();
  await expect(page.getByRole('tooltip', { name: 'Delete' })).toBeVisible();

  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^orders-\d{4}-\d\d-\d\d\.csv$/);
  const csv = readFileSync((await download.path())!, 'utf8');
  const lines = csv.split('\r\n');
  expect(lines[0]).toBe(
    'Order,Placed (UTC),Customer,Email,Product,Amount,Currency,Status,Paid (UTC),Needs review,' +
      'Net,Tax,Country,Tax ID',
  );
  expect(lines).toHaveLength(3);
  expect(lines[2]).toBe('');
  expect(lines[1]).toMatch(
    new RegExp(
      `^${number.slice(1)},\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d,${buyer.name},${buyer.email},${title},14\\.50,USD,paid,\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d,,14\\.50,0\\.00,,$`,
    ),
  );
});

test('Orders on a phone: number and time on each card, search, CSV button in view @mobile', async ({
  page,
  browser,
  baseURL,
}) => {
  const title = `Pocket ${uniqueWord()}`;
  const id = await newProduct(baseURL!, title);
  const buyer = await buy(browser, id);

  await signInAsAdmin(page);
  await page.goto('/store/orders');
  await page.getByRole('searchbox', { name: 'Search orders' }).fill(buyer.email);
  const cards = page.getByRole('list', { name: 'All customer orders' }).getByRole('listitem');
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText(/#\d+ · \w{3} \d{1,2}, \d{4}, \d{1,2}:\d\d\s?[AP]M/);
  await expect(cards.first().getByRole('button', { name: /^Refund order / })).toHaveText('Refund');
  await expect(page.getByRole('link', { name: 'Download CSV' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test('Products on a phone: Archived lists the archived product with Restore @mobile', async ({
  page,
  browser,
  baseURL,
}) => {
  const title = `Phone ${uniqueWord()}`;
  const id = await newProduct(baseURL!, title);
  await buy(browser, id);

  await signInAsAdmin(page);
  const cards = page.getByRole('list', { name: 'Products' }).getByRole('listitem');
  await cards.getByRole('button', { name: `Delete ${title}` }).click();
  await expect(
    page.getByText('A product that has sales is archived instead: its buyers keep their files.'),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Yes, delete it!' }).click();
  await expect(page.getByText('Product deleted successfully!')).toBeVisible();

  await page.getByRole('button', { name: 'Archived', exact: true }).click();
  const restore = cards.getByRole('button', { name: `Restore ${title}` });
  await expect(restore).toHaveText('Restore');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await restore.click();
  await expect(page.getByText('Product restored to the catalogue.')).toBeVisible();
  await expect(restore).toHaveCount(0);
});
