import { expect, test, type Page } from '@playwright/test';
import { PAYING_CARD, sidewaysOverflow, signUpBuyer } from './buyer-helpers.js';
import { useOwnStore } from './own-store.js';
import { productOfItsOwn } from './products.js';

// A store of its own whose test checkout simulates Stripe Tax at 20 % (TEST_TAX_RATE=20), on
// the port six after the configured store's (the mail sink and other own stores use 1 to 4).

const { origin } = useOwnStore(6, { TEST_TAX_RATE: '20' });

/** A $19.00 product with a title only this test uses. */
async function taxedProduct(request: Parameters<typeof productOfItsOwn>[0]) {
  return (await productOfItsOwn(request, { name: 'Folio', price: 19 })).title;
}

/** A new buyer opens the product and presses Buy Now: the test checkout page is open. */
async function openCheckout(page: Page, title: string) {
  const buyer = await signUpBuyer(page);
  await page.goto(`/store/products?search=${encodeURIComponent(title)}`);
  await page.getByRole('link', { name: title, exact: true }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await page.getByRole('button', { name: 'Buy Now' }).first().click();
  await expect(page).toHaveURL(/\/checkout\/test\//);
  return buyer;
}

/** Subtotal, tax and total as the page lists them. */
async function expectTaxLines(page: Page) {
  const totals = page.locator('dl.totals');
  await expect(totals.getByRole('term')).toHaveText(['Subtotal', 'Tax (20%)', 'Total']);
  await expect(totals.getByRole('definition')).toHaveText(['$19.00', '$3.80', '$22.80']);
  await expect(page.locator('.amount')).toHaveText('$22.80');
  await expect(page.getByRole('button', { name: 'Pay $22.80' })).toBeVisible();
}

/** Fills the card and billing details; `country` is picked by its name. */
async function fillPayment(page: Page, name: string, country: string | null) {
  await page.getByLabel('Card number').fill(PAYING_CARD.number);
  await page.getByLabel('Expiry (MM/YY)').fill(PAYING_CARD.expiry);
  await page.getByLabel('CVC').fill(PAYING_CARD.cvc);
  await page.getByLabel('Name on card').fill(name);
  if (country) await page.getByLabel('Country or region').selectOption({ label: country });
  await page.getByLabel('VAT number or tax ID (optional)').fill('DE123456789');
}

test('a buyer picks a country, sees subtotal, tax and total, pays, and My Orders shows the total', async ({
  page,
  request,
}) => {
  const title = await taxedProduct(request);
  const buyer = await openCheckout(page, title);
  await expectTaxLines(page);
  await expect(page.locator('#country')).toHaveAttribute('required', '');

  // Without a country the page says so next to the field and posts nothing.
  await fillPayment(page, buyer.name, null);
  await page.getByRole('button', { name: 'Pay $22.80' }).click();
  await expect(page.locator('#country-error')).toHaveText('Select your country or region.');
  await expect(page.locator('#country')).toBeFocused();
  await expect(page).toHaveURL(/\/checkout\/test\//);

  await page.locator('#country').selectOption('DE');
  await expect(page.locator('#country-error')).toBeHidden();
  await page.getByRole('button', { name: 'Pay $22.80' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Payment Successful!' })).toBeVisible();

  await page.goto('/store/my-orders');
  const row = page.getByRole('row').filter({ hasText: title });
  await expect(row.getByText('$22.80')).toBeVisible();
});

test('without JavaScript the server refuses a missing country next to the field, then pays', async ({
  browser,
  request,
}) => {
  const title = await taxedProduct(request);
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL: origin });
  const page = await context.newPage();
  const setup = await browser.newContext({ baseURL: origin });
  const setupPage = await setup.newPage();
  await openCheckout(setupPage, title);
  // The hosted page needs no session cookie: the same checkout opened without scripts.
  await page.goto(setupPage.url());
  await setup.close();
  await expectTaxLines(page);
  await fillPayment(page, 'Zoë Weiß', null);
  await page.getByRole('button', { name: 'Pay $22.80' }).click();
  await expect(page.locator('#country-error')).toHaveText('Select your country or region.');
  await expect(page.getByLabel('Name on card')).toHaveValue('Zoë Weiß');
  await page.getByLabel('Country or region').selectOption({ label: 'France' });
  await page.getByLabel('CVC').fill(PAYING_CARD.cvc);
  await page.getByRole('button', { name: 'Pay $22.80' }).click();
  await expect(page).toHaveURL(/\/store\/success/);
  await context.close();
});

test('@mobile on a phone the tax lines and the country fit the screen, and paying works', async ({
  page,
  request,
}) => {
  const title = await taxedProduct(request);
  const buyer = await openCheckout(page, title);
  await expectTaxLines(page);
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  await fillPayment(page, buyer.name, 'Germany');
  await expect(page.locator('#country')).toHaveValue('DE');
  await page.getByRole('button', { name: 'Pay $22.80' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Payment Successful!' })).toBeVisible();
  await page.goto('/store/my-orders');
  await expect(page.getByRole('main').getByText('$22.80').first()).toBeVisible();
});
