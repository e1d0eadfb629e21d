import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { expect, test, type Download, type Page } from '@playwright/test';
import {
  demoProducts,
  payByCard,
  sidewaysOverflow,
  signUpBuyer,
  startCheckoutViaApi,
} from './buyer-helpers.js';
import { ADMIN, signInThroughUi } from './fixtures.js';

const myOrdersRow = (page: Page, title: string) =>
  page.getByRole('table', { name: 'My Orders' }).getByRole('row').filter({ hasText: title });

/** A new buyer pays for the newest demo product on the test checkout; lands on the success page. */
async function buyNewestProduct(page: Page) {
  const buyer = await signUpBuyer(page);
  const [product] = await demoProducts(page.request);
  await page.goto(await startCheckoutViaApi(page, product!._id));
  await payByCard(page, buyer.name);
  await expect(page).toHaveURL(/\/store\/success\?session_id=/);
  await expect(page.getByRole('link', { name: 'Download Your File' })).toBeVisible({
    timeout: 20_000,
  });
  return { buyer, product: product! };
}

/** The downloaded PDF's text, as poppler's pdftotext reads it. */
async function pdfTextOf(download: Download): Promise<string> {
  const file = await download.path();
  expect(readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');
  return execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
}

/** Clicks what downloads a file and answers the download. */
async function downloadFrom(page: Page, click: () => Promise<void>): Promise<Download> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  return download;
}

test('the success page and My Orders download the invoice of a paid order', async ({ page }) => {
  const { buyer, product } = await buyNewestProduct(page);

  const fromSuccess = await downloadFrom(page, () =>
    page.getByRole('link', { name: 'Download the invoice (PDF)' }).click(),
  );
  expect(fromSuccess.suggestedFilename()).toMatch(/^INV-\d{4}\.pdf$/);
  const text = await pdfTextOf(fromSuccess);
  expect(text).toContain(buyer.name);
  expect(text).toContain(buyer.email);
  expect(text).toContain(product.title);

  await page.goto('/store/my-orders');
  const invoice = myOrdersRow(page, product.title).getByRole('link', {
    name: 'Invoice (PDF)',
  });
  await expect(invoice).toHaveText('Invoice');
  const fromMyOrders = await downloadFrom(page, () => invoice.click());
  expect(fromMyOrders.suggestedFilename()).toBe(fromSuccess.suggestedFilename());
  // Not refunded: no credit note.
  await expect(
    myOrdersRow(page, product.title).getByRole('link', { name: /^Credit note/ }),
  ).toHaveCount(0);
});

test('My Orders on a phone: the invoice link is in view and downloads @mobile', async ({
  page,
}) => {
  const { product } = await buyNewestProduct(page);
  await page.goto('/store/my-orders');
  const invoice = myOrdersRow(page, product.title).getByRole('link', {
    name: 'Invoice (PDF)',
  });
  // Wholly in view: the table does not push its actions off the side of the screen.
  await expect(invoice).toBeInViewport({ ratio: 1 });
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  const download = await downloadFrom(page, () => invoice.tap());
  expect(download.suggestedFilename()).toMatch(/^INV-\d{4}\.pdf$/);
  expect(await pdfTextOf(download)).toContain(product.title);
});

test('the admin refunds an order and downloads its invoice and credit note; the buyer gets the credit note too', async ({
  page,
  browser,
}) => {
  const { buyer, product } = await buyNewestProduct(page);
  const admin = await browser.newPage();
  await signInThroughUi(admin, ADMIN.email, ADMIN.password, '/store/login/admin');
  await expect(admin).toHaveURL(/\/store\/dashboard$/);
  await admin.goto('/store/orders');
  const row = admin
    .getByRole('grid')
    .locator('[role="row"][data-id]')
    .filter({ hasText: buyer.email });
  await expect(row).toHaveCount(1);
  const orderNumber = (await row.locator('[data-field="orderNumber"]').textContent())!;

  const invoice = await downloadFrom(admin, () =>
    row.getByRole('link', { name: `Download the invoice of order ${orderNumber}` }).click(),
  );
  const invoiceName = invoice.suggestedFilename();
  expect(invoiceName).toMatch(/^INV-\d{4}\.pdf$/);
  expect(await pdfTextOf(invoice)).toContain(buyer.email);
  await expect(row.getByRole('link', { name: /credit note/ })).toHaveCount(0);

  const orderId = await row.getAttribute('data-id');
  await row.getByRole('button', { name: `Refund order ${orderId}` }).click();
  await admin
    .getByRole('alertdialog', { name: 'Refund this order?' })
    .getByRole('button', { name: 'Yes, refund it!' })
    .click();
  await expect(row.locator('[data-field="status"]')).toHaveText('Refunded');
  const creditNote = await downloadFrom(admin, () =>
    row.getByRole('link', { name: `Download the credit note of order ${orderNumber}` }).click(),
  );
  expect(creditNote.suggestedFilename()).toMatch(/^CN-\d{4}\.pdf$/);
  const creditText = await pdfTextOf(creditNote);
  expect(creditText).toContain('Credit note');
  expect(creditText).toContain(invoiceName.replace('.pdf', ''));
  await admin.close();

  await page.goto('/store/my-orders');
  const buyerCredit = await downloadFrom(page, () =>
    myOrdersRow(page, product.title).getByRole('link', { name: 'Credit note (PDF)' }).click(),
  );
  expect(buyerCredit.suggestedFilename()).toBe(creditNote.suggestedFilename());
});
