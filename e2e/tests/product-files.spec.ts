import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { payByCard, signUpBuyer } from './buyer-helpers.js';
import { ADMIN, signInThroughUi } from './fixtures.js';
import { createProduct, fingerprint, pdfFor, uniqueWord } from './products.js';

test.use({ viewport: { width: 1366, height: 768 } });

test('the admin adds a second file; the buyer sees both, buys, and downloads the second from My Orders', async ({
  browser,
  request,
}) => {
  const word = uniqueWord();
  const title = `Night Garden ${word}`;
  const productId = await createProduct(request, { title, price: 9, pdf: pdfFor(word) });
  const workbook = pdfFor(`${word} workbook`);

  // The admin adds a workbook to the product in its form.
  const admin = await browser.newPage();
  await signInThroughUi(admin, ADMIN.email, ADMIN.password, '/store/login/admin');
  await expect(admin).toHaveURL(/\/store\/dashboard$/);
  await admin.getByRole('button', { name: `Edit ${title}` }).click();
  const dialog = admin.getByRole('dialog', { name: 'Edit Product' });
  await expect(dialog.getByLabel('File 1 name')).toHaveValue(title);
  await dialog.getByLabel('Add files').setInputFiles({
    name: 'workbook.pdf',
    mimeType: 'application/pdf',
    buffer: workbook,
  });
  await dialog.getByLabel('File 2 name').fill('Workbook');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(admin.getByText('Product updated successfully!')).toBeVisible();
  await admin.close();

  // The buyer sees what the product delivers, names and formats, and no link to either file.
  const page = await browser.newPage();
  const buyer = await signUpBuyer(page);
  await page.goto(`/store/product/${productId}`);
  const files = page.getByRole('region', { name: 'What you get: 2 files' });
  await expect(files.getByRole('listitem')).toHaveText([
    new RegExp(`^${title}PDF · `),
    /^WorkbookPDF · /,
  ]);
  await expect(files.getByRole('link')).toHaveCount(0);

  await page.getByRole('main').getByRole('button', { name: 'Buy Now' }).click();
  await payByCard(page, buyer.name);
  await expect(page.getByRole('heading', { level: 1, name: 'Payment Successful!' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Download Your File' })).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByRole('button', { name: /^Download Workbook \(PDF, / })).toBeVisible();

  // My Orders offers each file by name; the workbook downloads under the title and its name.
  await page.goto('/store/my-orders');
  const row = page
    .getByRole('table', { name: 'My Orders' })
    .getByRole('row')
    .filter({ hasText: title });
  await expect(
    row.getByRole('button', { name: new RegExp(`^Download ${title} \\(PDF`) }),
  ).toBeVisible();
  const started = page.waitForEvent('download');
  await row.getByRole('button', { name: /^Download Workbook \(PDF, / }).click();
  const download = await started;
  expect(download.suggestedFilename()).toBe(`${title} - Workbook.pdf`);
  expect(fingerprint(await readFile(await download.path()))).toEqual(fingerprint(workbook));
  await page.close();
});
