import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { sidewaysOverflow, signUpBuyer } from './buyer-helpers.js';
import { newBuyer, signInThroughUi, seriousViolations } from './fixtures.js';
import { createProduct, fingerprint, pdfFor, uniqueWord } from './products.js';

const PAYING_CARD = { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' };
const DECLINED_CARD = { ...PAYING_CARD, number: '4000 0000 0000 0002' };
type Card = typeof PAYING_CARD;

/** Searches the catalogue and opens the product titled `title`; answers its price ("$19.00"). */
async function openProduct(page: Page, search: string, title: string): Promise<string> {
  await page.goto(`/store/products?search=${encodeURIComponent(search)}`);
  await page.getByRole('link', { name: title, exact: true }).click();
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: title })).toBeVisible();
  return (
    (await main
      .getByText(/^\$[\d,]+\.\d{2}$/)
      .first()
      .textContent()) ?? ''
  );
}

/** Buy Now: "Processing..." while the checkout is made, then the hosted test checkout. */
async function startCheckout(page: Page) {
  // Held until the busy button has been seen, before the page is left.
  let release = () => {};
  const seen = new Promise<void>((done) => (release = done));
  await page.route('**/api/session/checkout', async (route) => {
    await seen;
    await route.fallback();
  });
  await page.getByRole('main').getByRole('button', { name: 'Buy Now' }).click();
  await expect(page.getByRole('button', { name: 'Processing...' })).toBeDisabled();
  release();
  await expect(page).toHaveURL(/\/checkout\/test\/cs_test_[\w-]+$/);
  await page.unrouteAll({ behavior: 'wait' });
  await expect(page.getByText('Test mode — no real charge')).toBeVisible();
}

async function payByCard(page: Page, card: Card, name: string) {
  await page.getByLabel('Card number').fill(card.number);
  await page.getByLabel('Expiry (MM/YY)').fill(card.expiry);
  await page.getByLabel('CVC').fill(card.cvc);
  await page.getByLabel('Name on card').fill(name);
  await page.getByRole('button', { name: /^Pay / }).click();
}

const myOrdersTable = (page: Page) => page.getByRole('table', { name: 'My Orders' });
const orderRow = (page: Page, title: string) =>
  myOrdersTable(page).getByRole('row').filter({ hasText: title });
/** Product, Amount, Status, Date and the action; on phones Status and Date are hidden. */
const statusCell = (page: Page, title: string) => orderRow(page, title).getByRole('cell').nth(2);

test('a buyer pays by card, downloads the file, and downloads it again from My Orders @postgres', async ({
  page,
  request,
}) => {
  const word = uniqueWord();
  const product = {
    title: `Marbling Patterns ${word}`,
    price: 19,
    fileName: `marbling-${word}.pdf`,
    pdf: pdfFor(word),
  };
  await createProduct(request, product);
  const buyer = await signUpBuyer(page);

  const price = await openProduct(page, word, product.title);
  expect(price).toBe('$19.00');
  await startCheckout(page);
  await expect(page.getByRole('heading', { name: product.title })).toBeVisible();
  await expect(page.getByText('$19.00', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pay $19.00' })).toBeVisible();
  await payByCard(page, PAYING_CARD, buyer.name);

  // The success page verifies the payment, then offers the file in a new tab.
  await expect(page).toHaveURL(/\/store\/success\?session_id=cs_test_[\w-]+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Payment Successful!' })).toBeVisible();
  const downloadLink = page.getByRole('link', { name: 'Download Your File' });
  await expect(downloadLink).toBeVisible({ timeout: 20_000 });
  await expect(downloadLink).toHaveAttribute('target', '_blank');
  await expect(downloadLink).toHaveAttribute('rel', /noopener/);
  await expect(page.getByText(/This link works for \d+ minutes?\./)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Products' })).toHaveAttribute(
    'href',
    '/store/products',
  );
  expect(await seriousViolations(page)).toEqual([]);

  const href = await downloadLink.getAttribute('href');
  expect(href).toMatch(/^\/api\/downloads\/.+/);
  const file = await page.request.get(href!);
  expect(file.status()).toBe(200);
  // Saved under the product's title, not the owner's upload name.
  expect(file.headers()['content-disposition']).toContain(`filename="${product.title}.pdf"`);
  expect(fingerprint(await file.body())).toEqual(fingerprint(product.pdf));

  // My Orders: the order is paid, and its Download gives the same bytes again.
  await page.getByRole('banner').getByRole('link', { name: 'My Orders' }).click();
  await expect(page).toHaveURL(/\/store\/my-orders$/);
  await expect(page.getByRole('heading', { level: 1, name: 'My Orders' })).toBeVisible();
  const row = orderRow(page, product.title);
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('cell').nth(1)).toHaveText('$19.00');
  await expect(statusCell(page, product.title)).toHaveText('Paid');
  await expect(row.locator('img')).toHaveAttribute('src', /\/thumb\.webp$/);
  expect(await seriousViolations(page)).toEqual([]);

  const downloadStarted = page.waitForEvent('download');
  await row.getByRole('button', { name: `Download ${product.title}` }).click();
  const download = await downloadStarted;
  expect(download.suggestedFilename()).toBe(`${product.title}.pdf`);
  expect(fingerprint(await readFile(await download.path()))).toEqual(fingerprint(product.pdf));
  // The file came as an attachment: the page stayed.
  await expect(page).toHaveURL(/\/store\/my-orders$/);
  await expect(row).toBeVisible();
});

test('a declined card stays on the checkout; canceling lands on "Payment Canceled"', async ({
  page,
}) => {
  const buyer = await signUpBuyer(page);
  const title = 'The Bookbinding Handbook';
  const price = await openProduct(page, 'Bookbinding', title);
  await startCheckout(page);
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await expect(page.getByText(price, { exact: true })).toBeVisible();

  await payByCard(page, DECLINED_CARD, buyer.name);

  await expect(page.getByRole('alert')).toHaveText('Your card was declined.');
  await expect(page).toHaveURL(/\/checkout\/test\/cs_test_[\w-]+/);
  await expect(page.getByRole('button', { name: `Pay ${price}` })).toBeVisible();

  await page.getByRole('button', { name: 'Cancel and return to the store' }).click();

  await expect(page).toHaveURL(/\/store\/cancel$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Payment Canceled' })).toBeVisible();
  await expect(page.getByText('Your checkout was canceled. Please try again.')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('link', { name: 'Back to Home' }).click();
  await expect(page).toHaveURL(/\/store\/products$/);

  // The canceled order stays in the history, shown on request, without a download.
  await page.getByRole('banner').getByRole('link', { name: 'My Orders' }).click();
  await expect(orderRow(page, title)).toHaveCount(0);
  await page.getByRole('switch', { name: 'Show canceled checkouts' }).click();
  await expect(statusCell(page, title)).toHaveText('Canceled');
  await expect(orderRow(page, title).getByRole('cell').nth(1)).toHaveText(price);
  await expect(orderRow(page, title).getByRole('button')).toHaveCount(0);
});

test('My Orders and the payment result need sign-in, and come back after it', async ({ page }) => {
  const buyer = newBuyer();
  const registered = await page.request.post('/api/auth/register', {
    data: { ...buyer, role: 'user' },
  });
  expect(registered.ok()).toBe(true);

  await page.goto('/store/my-orders');
  await expect(page).toHaveURL(/\/store\/login$/);
  await signInThroughUi(page, buyer.email, buyer.password);

  await expect(page).toHaveURL(/\/store\/my-orders$/);
  await expect(page.getByRole('heading', { level: 1, name: 'My Orders' })).toBeVisible();
  await expect(page.getByText("You haven't bought anything yet.")).toBeVisible();
  await expect(page.getByRole('link', { name: 'Browse Products' })).toHaveAttribute(
    'href',
    '/store/products',
  );
  expect(await seriousViolations(page)).toEqual([]);

  // The success page keeps its query through the sign-in.
  await page.getByRole('banner').getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/store\/login$/);
  await page.goto('/store/success?session_id=cs_test_nobody_has_this_one');
  await expect(page).toHaveURL(/\/store\/login$/);
  await signInThroughUi(page, buyer.email, buyer.password);

  await expect(page).toHaveURL(/\/store\/success\?session_id=cs_test_nobody_has_this_one$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Payment Successful!' })).toBeVisible();
  // Not this buyer's checkout: the server's refusal, shown as a failed verification.
  await expect(page.getByRole('heading', { name: 'Verification Failed' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Download Your File' })).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
});

test('@mobile My Orders stays readable on a phone', async ({ page }) => {
  const buyer = await signUpBuyer(page);
  const title = 'The Bookbinding Handbook';
  const price = await openProduct(page, 'Bookbinding', title);
  await startCheckout(page);
  await payByCard(page, PAYING_CARD, buyer.name);
  await expect(page.getByRole('link', { name: 'Download Your File' })).toBeVisible({
    timeout: 20_000,
  });
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  expect(await seriousViolations(page)).toEqual([]);

  await page.goto('/store/my-orders');
  const row = orderRow(page, title);
  await expect(row.getByRole('link', { name: title })).toBeVisible();
  await expect(row.getByText(price, { exact: true })).toBeVisible();
  // Status and date move under the title; their columns give way.
  await expect(row.getByText('Paid', { exact: true }).filter({ visible: true })).toHaveCount(1);
  await expect(myOrdersTable(page).getByRole('columnheader', { name: 'Date' })).toBeHidden();
  await expect(myOrdersTable(page).getByRole('columnheader', { name: 'Status' })).toBeHidden();
  await expect(row.getByRole('button', { name: `Download ${title}` })).toBeInViewport();
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  expect(await seriousViolations(page)).toEqual([]);
});
