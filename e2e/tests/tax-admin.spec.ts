import { expect, test, type Page } from '@playwright/test';
import { payByCard, signUpBuyer } from './buyer-helpers.js';
import { ADMIN, signInThroughUi } from './fixtures.js';
import { useOwnStore } from './own-store.js';
import { productOfItsOwn } from './products.js';

// A store of its own charging 20% tax on top through the test checkout (TEST_TAX_RATE=20), on
// the port after the ones the configured store and its mail sink use.

useOwnStore(3, { TEST_TAX_RATE: '20' });

/** $19.90 before tax, $3.98 tax (20%), $23.88 paid. */
const NET = '$19.90';
const TAX = '$3.98';
const TOTAL = '$23.88';

/** A product at $19.90 with a title only this test uses; `request` is left signed out. */
const taxedProduct = (request: Parameters<typeof productOfItsOwn>[0]) =>
  productOfItsOwn(request, { price: 19.9 });

/**
 * A buyer signs up and buys the product through the test checkout page, billed to France with a
 * VAT number where the page asks for them, and reaches the success page.
 */
async function buyFromFrance(page: Page, title: string) {
  const buyer = await signUpBuyer(page);
  await page.goto(`/store/products?search=${encodeURIComponent(title)}`);
  await page.getByRole('link', { name: title, exact: true }).first().click();
  await page.getByRole('button', { name: 'Buy Now' }).first().click();
  await expect(page).toHaveURL(/\/checkout\/test\//);
  const country = page.locator('#country');
  test.skip(
    (await country.count()) === 0,
    'The test checkout does not ask for a country yet, so it charges no tax to show.',
  );
  await country.selectOption('FR');
  const taxId = page.locator('#taxId');
  if ((await taxId.count()) > 0) await taxId.fill('FR12345678901');
  await payByCard(page, buyer.name);
  await expect(page.getByRole('heading', { level: 1, name: 'Payment Successful!' })).toBeVisible();
  return buyer;
}

async function signInAsAdmin(page: Page) {
  await page.context().clearCookies();
  await signInThroughUi(page, ADMIN.email, ADMIN.password, '/store/login/admin');
  await expect(page).toHaveURL(/\/store\/dashboard$/);
}

test('a taxed order: My Orders says the tax, admin Orders shows net, tax and country, Sales the tax collected', async ({
  page,
  request,
}) => {
  const product = await taxedProduct(request);
  await buyFromFrance(page, product.title);

  await page.goto('/store/my-orders');
  const bought = page.getByRole('row').filter({ hasText: product.title });
  await expect(bought.getByText(TOTAL)).toBeVisible();
  await expect(bought.getByText(`incl. ${TAX} tax`)).toBeVisible();

  await signInAsAdmin(page);
  await page.goto('/store/orders');
  const grid = page.getByRole('grid');
  const row = grid.getByRole('row').filter({ hasText: product.title });
  const amount = row.locator('[data-field="amountCents"]');
  await expect(amount.getByText(TOTAL, { exact: true })).toBeVisible();
  await expect(amount.getByText(`Net ${NET}`)).toBeVisible();
  await expect(amount.getByText(`Tax ${TAX}`)).toBeVisible();
  await expect(row.locator('[data-field="user"]').getByText('Country: France')).toBeVisible();
  // Everything else stays in view at the desktop width: nothing scrolls sideways.
  const actions = row.locator('[data-field="actions"]');
  await expect(actions.getByRole('button', { name: /^Refund order/ })).toBeInViewport();

  // The export carries the same, after the columns it always had.
  const csv = await page.request.get('/api/admin/orders.csv');
  expect(csv.status()).toBe(200);
  const line = (await csv.text()).split('\r\n').find((text) => text.includes(product.title));
  expect(line?.split(',').slice(-4)).toEqual(['19.90', '3.98', 'FR', 'FR12345678901']);

  await page.goto('/store/sales');
  const totals = page.getByRole('group', { name: 'Totals' });
  await expect(totals.getByText('Revenue, net of tax')).toBeVisible();
  await expect(totals).toContainText(NET);
  await expect(totals.getByText('Tax collected')).toBeVisible();
  await expect(totals).toContainText(TAX);
  const perDay = page.getByRole('table', { name: 'Revenue per day', includeHidden: true });
  await expect(perDay.getByRole('row', { includeHidden: true }).last()).toContainText(TAX);
});

test('the product form sets a tax category, and any other Stripe code', async ({
  page,
  request,
}) => {
  const product = await taxedProduct(request);
  await signInAsAdmin(page);

  const openEdit = async () => {
    await page.getByRole('button', { name: `Edit ${product.title}` }).click();
    return page.getByRole('dialog', { name: 'Edit Product' });
  };
  let dialog = await openEdit();
  const category = dialog.getByLabel('Tax category');
  await expect(category).toHaveValue('');
  await expect(category.locator('option:checked')).toHaveText(
    'E-book (txcd_10302000), the store’s default',
  );
  await category.selectOption({ label: 'Digital audio (txcd_10401100)' });
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Product updated successfully!')).toBeVisible();
  await expect(dialog).toBeHidden();

  const adminView = async () => {
    const answer = await page.request.get(`/api/products/${product._id}`);
    return ((await answer.json()) as { taxCode: string | null }).taxCode;
  };
  expect(await adminView()).toBe('txcd_10401100');

  dialog = await openEdit();
  await expect(dialog.getByLabel('Tax category')).toHaveValue('txcd_10401100');
  await dialog.getByLabel('Tax category').selectOption({ label: 'Another Stripe tax code…' });
  const code = dialog.getByLabel('Stripe tax code');
  await code.fill('ebook');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(
    dialog.getByText(
      'Tax code must be a Stripe tax code such as txcd_10302000, or empty for the default.',
    ),
  ).toBeVisible();
  await code.fill('txcd_10503000');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(dialog).toBeHidden();
  expect(await adminView()).toBe('txcd_10503000');
});

test('@mobile on a phone the order cards show net, tax and country, and Sales the tax collected', async ({
  page,
  request,
}) => {
  const product = await taxedProduct(request);
  await buyFromFrance(page, product.title);
  await page.goto('/store/my-orders');
  await expect(page.getByRole('main').getByText(`incl. ${TAX} tax`)).toBeVisible();

  await signInAsAdmin(page);
  await page.goto('/store/orders');
  const card = page
    .getByRole('list', { name: 'All customer orders' })
    .getByRole('listitem')
    .filter({ hasText: product.title });
  await expect(card.getByText(TOTAL)).toBeVisible();
  await expect(card.getByText(`Net ${NET} · Tax ${TAX} · France`)).toBeVisible();

  await page.goto('/store/sales');
  const totals = page.getByRole('group', { name: 'Totals' });
  await expect(totals.getByText('Tax collected')).toBeVisible();
  await expect(totals).toContainText(TAX);
});
