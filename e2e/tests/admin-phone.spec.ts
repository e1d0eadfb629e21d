import { expect, request as playwrightRequest, test, type Page } from '@playwright/test';
import { ADMIN, newBuyer, signInThroughUi } from './fixtures';

async function signInAsAdmin(page: Page) {
  await signInThroughUi(page, ADMIN.email, ADMIN.password, '/store/login/admin');
  await expect(page).toHaveURL(/\/store\/dashboard$/);
}

/** Nothing on the page reaches past the 390 px screen: no sideways scrolling. */
async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
}

/** The element lies inside the screen's width. */
async function expectWithinScreen(page: Page, locator: ReturnType<Page['locator']>) {
  await locator.scrollIntoViewIfNeeded();
  const box = await locator.boundingBox();
  expect(box).not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(390);
}

/** A buyer with `count` pending orders, each for another product, made through the API. */
async function placeOrders(baseURL: string, count: number) {
  const buyer = newBuyer();
  const api = await playwrightRequest.newContext({ baseURL });
  expect((await api.post('/api/auth/register', { data: { ...buyer, role: 'user' } })).ok()).toBe(
    true,
  );
  const login = await api.post('/api/auth/login', {
    data: { email: buyer.email, password: buyer.password },
  });
  expect(login.ok()).toBe(true);
  const list = (await (await api.get(`/api/products?limit=${count}`)).json()) as {
    products: { _id: string }[];
  };
  for (const product of list.products) {
    const checkout = await api.post('/api/session/checkout', { data: { productId: product._id } });
    expect(checkout.ok()).toBe(true);
  }
  await api.dispose();
  return buyer;
}

test('admin Products on a phone: cards with Edit and Delete in view, 5 or 10 per page @mobile', async ({
  page,
}) => {
  await signInAsAdmin(page);
  const cards = page.getByRole('list', { name: 'Products' }).getByRole('listitem');
  await expect(cards).toHaveCount(5);
  await expect(page.getByRole('table')).toHaveCount(0);
  await expectNoSidewaysScroll(page);

  const first = cards.first();
  const title = (await first.getByRole('heading').textContent())!;
  await expectWithinScreen(page, first.getByRole('button', { name: `Edit ${title}` }));
  await expectWithinScreen(page, first.getByRole('button', { name: `Delete ${title}` }));

  const perPage = page.getByRole('combobox', { name: 'Rows per page:' });
  await expectWithinScreen(page, perPage);
  await perPage.click();
  await page.getByRole('option', { name: '10' }).click();
  await expect(cards).toHaveCount(10);
  await expect(page).toHaveURL(/[?&]size=10/);
  await page.getByRole('combobox', { name: 'Rows per page:' }).click();
  await page.getByRole('option', { name: '5' }).click();
  await expect(cards).toHaveCount(5);
  await expectNoSidewaysScroll(page);

  await cards
    .first()
    .getByRole('button', { name: `Delete ${title}` })
    .click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm.getByRole('heading', { name: 'Are you sure?' })).toBeVisible();
  await expect(confirm.getByText(`Delete “${title}”?`)).toBeVisible();
  await expect(confirm.getByText("You won't be able to revert this!")).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
});

test('admin Orders on a phone: cards with every action in view, 5, 10 or 20 per page @mobile', async ({
  page,
  baseURL,
}) => {
  const buyer = await placeOrders(baseURL!, 6);
  await signInAsAdmin(page);
  await page.goto('/store/orders');

  const cards = page.getByRole('list', { name: 'All customer orders' }).getByRole('listitem');
  await expect(cards.first()).toBeVisible();
  expect(await cards.count()).toBeGreaterThanOrEqual(6);
  await expect(page.getByRole('grid')).toHaveCount(0);
  await expectNoSidewaysScroll(page);

  const mine = cards.filter({ hasText: buyer.email }).first();
  await expect(mine.getByText(buyer.name)).toBeVisible();
  await expect(mine.getByText('Pending')).toBeVisible();
  const remove = mine.getByRole('button', { name: /^Delete order / });
  await expectWithinScreen(page, remove);

  const perPage = page.getByRole('combobox', { name: 'Rows per page:' });
  await expectWithinScreen(page, perPage);
  await perPage.click();
  await expect(page.getByRole('option')).toHaveText(['5', '10', '20']);
  await page.getByRole('option', { name: '5' }).click();
  await expect(cards).toHaveCount(5);
  await expect(page).toHaveURL(/[?&]size=5/);
  await expectNoSidewaysScroll(page);

  const card = cards.filter({ hasText: buyer.email }).first();
  const product = (await card.getByRole('heading').textContent())!;
  await card.getByRole('button', { name: /^Delete order / }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm.getByRole('heading', { name: 'Are you sure?' })).toBeVisible();
  await expect(
    confirm.getByText(`Delete the order of “${product}” by ${buyer.name} (${buyer.email})?`),
  ).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
});
