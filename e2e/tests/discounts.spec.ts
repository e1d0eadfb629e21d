import { expect, test, type Page, type PlaywrightWorkerArgs } from '@playwright/test';
import { payByCard, sidewaysOverflow, signUpBuyer } from './buyer-helpers.js';
import { ADMIN, expectNoSeriousA11yViolations, signInThroughUi } from './fixtures.js';
import { createProduct, uniqueWord } from './products.js';

/** A product of its own for the test, at $20.00; answers its id and title. */
async function productAt20(playwright: PlaywrightWorkerArgs['playwright']) {
  const admin = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  const title = `Discount Almanac ${uniqueWord()}`;
  const id = await createProduct(admin, { title, price: 20 });
  await admin.dispose();
  return { id, title };
}

/** As the admin on the Discounts screen: a 25 % code for one product, through the form. */
async function createCodeThroughUi(page: Page, code: string, productTitle: string) {
  await page.getByRole('button', { name: 'New discount' }).click();
  const dialog = page.getByRole('dialog', { name: 'New discount' });
  await dialog.getByLabel('Code').fill(code);
  await dialog.getByLabel('Percent off').fill('25');
  await dialog.getByLabel('Products').fill(productTitle);
  await page.getByRole('option', { name: productTitle }).click();
  await dialog.getByLabel('Max redemptions').fill('10');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText(`Discount ${code} created.`)).toBeVisible();
  await expect(dialog).toBeHidden();
}

/** The buyer's view of the product page with a code in its address. */
async function expectPriceWithCode(page: Page, productId: string, code: string) {
  await page.goto(`/store/product/${productId}?code=${code.toLowerCase()}`);
  await expect(page.getByRole('textbox', { name: 'Discount code' })).toHaveValue(
    code.toLowerCase(),
  );
  await expect(page.getByText(`Code ${code} applied.`)).toBeVisible();
  const price = page.locator('.product-info__price');
  await expect(price.locator('del')).toHaveText('Full price $20.00');
  await expect(price.locator('ins')).toHaveText('With the code $15.00');
}

test('an admin makes a code; a buyer opens the product with it, sees the new price and checks out', async ({
  page,
  playwright,
}) => {
  const product = await productAt20(playwright);
  const code = `SPRING_${uniqueWord(6).toUpperCase()}`;

  await signInThroughUi(page, ADMIN.email, ADMIN.password, '/store/login/admin');
  await expect(page).toHaveURL(/\/store\/dashboard$/);
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Discounts', exact: true })
    .click();
  await expect(page).toHaveTitle(/^Discounts · /);
  await expect(page.getByRole('heading', { level: 1, name: 'Discounts' })).toBeVisible();
  await createCodeThroughUi(page, code, product.title);

  const row = page.getByRole('row').filter({ hasText: code });
  await expect(row).toContainText('25 %');
  await expect(row).toContainText(product.title);
  await expect(row).toContainText('0 / 10');
  await expect(row).toContainText('Active');
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Logout' }).click();

  // A wrong code says why and leaves the full price.
  await signUpBuyer(page);
  await page.goto(`/store/product/${product.id}`);
  await page.getByText('Have a code?').click();
  await expect(page.getByRole('textbox', { name: 'Discount code' })).toBeFocused();
  await page.getByRole('textbox', { name: 'Discount code' }).fill('NO_SUCH_CODE');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('This code does not exist.')).toBeVisible();
  await expect(page.locator('.product-info__price')).toHaveText('$20.00');

  await expectPriceWithCode(page, product.id, code);
  await expectNoSeriousA11yViolations(page);
  const checkout = page.waitForRequest('**/api/session/checkout');
  await page.getByRole('button', { name: 'Buy Now' }).click();
  expect((await checkout).postDataJSON()).toEqual({ productId: product.id, discountCode: code });
  await expect(page.getByText('Test mode — no real charge')).toBeVisible();
});

test('the test checkout charges the price with the code', async ({ page, playwright }) => {
  const product = await productAt20(playwright);
  const code = `PAY_${uniqueWord(6).toUpperCase()}`;
  const admin = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  expect((await admin.post('/api/auth/login', { data: ADMIN })).ok()).toBe(true);
  const made = await admin.post('/api/admin/discounts', {
    data: { code, percentOff: 25, productIds: [product.id] },
  });
  expect(made.status()).toBe(201);
  await admin.dispose();

  const buyer = await signUpBuyer(page);
  await expectPriceWithCode(page, product.id, code);
  await page.getByRole('button', { name: 'Buy Now' }).click();
  await expect(page.getByRole('button', { name: 'Pay $15.00' })).toBeVisible();
  await payByCard(page, buyer.name);
  await expect(page).toHaveURL(/\/store\/success/);
});

test('pay what you want: the buyer picks an amount above the minimum, or takes it free', async ({
  page,
  playwright,
}) => {
  const admin = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  const title = `Pay What You Want ${uniqueWord()}`;
  const id = await createProduct(admin, { title, price: 12, minimumPrice: 5 });
  const freeTitle = `Free If You Like ${uniqueWord()}`;
  const freeId = await createProduct(admin, { title: freeTitle, price: 8, minimumPrice: 0 });
  await admin.dispose();

  const buyer = await signUpBuyer(page);
  await page.goto(`/store/product/${id}`);
  await expect(page.locator('.product-info__price')).toHaveText('$12.00+');
  const amount = page.getByRole('textbox', { name: 'Your price' });
  await expect(amount).toHaveValue('12.00');
  await amount.fill('4');
  await expect(amount).toHaveAccessibleDescription('The amount must be at least $5.00.');
  await amount.fill('7.50');
  await expect(amount).toHaveAccessibleDescription('At least $5.00.');
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Buy Now' }).click();
  await expect(page.getByRole('button', { name: 'Pay $7.50' })).toBeVisible();
  await payByCard(page, buyer.name);
  await expect(page).toHaveURL(/\/store\/success/);

  await page.goto(`/store/product/${freeId}`);
  await page.getByRole('textbox', { name: 'Your price' }).fill('0');
  await page.getByRole('button', { name: 'Download for free' }).click();
  await expect(page).toHaveURL(/\/store\/success/);
});

test('before the app runs, "Have a code?" opens and Apply loads the page with the code', async ({
  browser,
  playwright,
}) => {
  const product = await productAt20(playwright);
  const baseURL = test.info().project.use.baseURL;
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`/store/product/${product.id}`);
  await page.getByText('Have a code?').click();
  await page.getByRole('textbox', { name: 'Discount code' }).fill('SPRING');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(new RegExp(`/store/product/${product.id}\\?code=SPRING$`));
  await expect(page.getByRole('textbox', { name: 'Discount code' })).toHaveValue('SPRING');
  await context.close();
});

test('@mobile the Discounts screen shows cards on a phone, and the product page the new price', async ({
  page,
  playwright,
}) => {
  const product = await productAt20(playwright);
  const code = `PHONE_${uniqueWord(6).toUpperCase()}`;

  await signInThroughUi(page, ADMIN.email, ADMIN.password, '/store/login/admin');
  await expect(page).toHaveURL(/\/store\/dashboard$/);
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('menuitem', { name: 'Discounts' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Discounts' })).toBeVisible();
  await createCodeThroughUi(page, code, product.title);

  const card = page.getByRole('listitem').filter({ hasText: code });
  await expect(card.getByRole('heading', { name: code })).toBeVisible();
  await expect(card.getByRole('button', { name: `Edit ${code}` })).toBeVisible();
  await expect(card.getByRole('button', { name: `Delete ${code}` })).toBeVisible();
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();

  await expectPriceWithCode(page, product.id, code);
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
});
