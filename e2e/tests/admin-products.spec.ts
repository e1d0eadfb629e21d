import { expect, test, type Page } from '@playwright/test';
import { ADMIN, expectNoSeriousA11yViolations, signInThroughUi } from './fixtures';
import { coverPng, pdfFor, uniqueWord } from './products.js';

const PNG = coverPng(210, 40, 50);
const PDF = pdfFor();

async function signInAsAdmin(page: Page) {
  await signInThroughUi(page, ADMIN.email, ADMIN.password, '/store/login/admin');
  await expect(page).toHaveURL(/\/store\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Products' })).toBeVisible();
}

/** The table's data rows (the header row has no data-id). */
const gridRows = (page: Page) =>
  page.getByRole('table', { name: 'Products' }).locator('tr[data-id]');

/** Serious or critical axe findings, as short lines that read well in a failure. */

/** Searches the public catalogue for `text`. */
async function searchCatalogue(page: Page, text: string) {
  await page.goto('/store/products');
  const search = page.getByRole('searchbox', { name: 'Search products' });
  await search.fill(text);
  await search.press('Enter');
}

/** Holds each matching request until `release()`, so the stage it belongs to can be seen. */
async function holdUntilReleased(page: Page, url: string, method: string) {
  let release = () => {};
  const released = new Promise<void>((done) => (release = done));
  await page.route(url, async (route) => {
    if (route.request().method() === method) await released;
    await route.fallback();
  });
  return release;
}

test('the admin lands on the dashboard and sees 5 products per page', async ({ page }) => {
  await signInAsAdmin(page);

  await expect(page.getByRole('button', { name: 'Add Product' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Products' });
  await expect(table.getByRole('columnheader')).toHaveText([
    'Product',
    'Sub Title',
    'Amount',
    'Actions',
  ]);
  await expect(gridRows(page)).toHaveCount(5);
  await expect(page.getByText(/^1–5 of \d+$/)).toBeVisible();
  await expect(gridRows(page).first().locator('[data-field="price"]')).toHaveText(
    /^(\$[\d,]+\.\d{2}|N\/A)$/,
  );

  await page.getByRole('combobox', { name: 'Rows per page:' }).click();
  await expect(page.getByRole('option')).toHaveText(['5', '10']);
  await page.getByRole('option', { name: '10' }).click();
  await expect(gridRows(page)).toHaveCount(10);

  await expectNoSeriousA11yViolations(page);
});

test('an empty product form shows the validation messages and uploads nothing', async ({
  page,
}) => {
  await signInAsAdmin(page);
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.method() !== 'GET' && request.url().includes('/api/')) sent.push(request.url());
  });

  await page.getByRole('button', { name: 'Add Product' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Product' });
  await expect(dialog).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await dialog.getByRole('button', { name: 'Save Product' }).click();

  for (const message of [
    'Title is required',
    'Description is required',
    'Price is required',
    'At least one image is required',
    'A digital product file is required',
  ]) {
    await expect(dialog.getByText(message)).toBeVisible();
  }
  await dialog.getByRole('spinbutton', { name: 'Price' }).fill('0');
  await dialog.getByRole('button', { name: 'Save Product' }).click();
  await expect(dialog.getByText('Price must be positive')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  expect(sent).toEqual([]);

  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
});

test('the admin adds, edits and deletes a product, and the catalogue follows', async ({ page }) => {
  const word = uniqueWord();
  const title = `Lighthouse Logbook ${word}`;
  const newTitle = `Harbour Logbook ${word}`;
  await signInAsAdmin(page);

  // Add.
  await page.getByRole('button', { name: 'Add Product' }).click();
  const addDialog = page.getByRole('dialog', { name: 'Add Product' });
  await addDialog.getByRole('textbox', { name: 'Title', exact: true }).fill(title);
  await addDialog.getByRole('textbox', { name: 'Sub Title' }).fill('Notes from the coast');
  await addDialog.getByRole('textbox', { name: 'Description' }).fill('Forty nights of weather.');
  await addDialog.getByRole('spinbutton', { name: 'Price' }).fill('12.5');
  await addDialog
    .getByLabel('Choose images')
    .setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: PNG });
  await addDialog
    .getByLabel('Choose digital file')
    .setInputFiles({ name: 'logbook.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(addDialog.getByText(/^cover\.png \(\d+\.\d KB\)$/)).toBeVisible();
  await expect(addDialog.getByText(/^logbook\.pdf \(\d+\.\d KB\)$/)).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  const releaseFile = await holdUntilReleased(page, '**/api/uploads/file', 'POST');
  const releaseImages = await holdUntilReleased(page, '**/api/uploads/image', 'POST');
  const releaseProduct = await holdUntilReleased(page, '**/api/products', 'POST');
  await addDialog.getByRole('button', { name: 'Save Product' }).click();

  const stage = addDialog.getByRole('status');
  await expect(stage.getByText('Uploading digital file...')).toBeVisible();
  await expect(stage.getByText(/^\d{1,3}%$/)).toBeVisible();
  await expect(addDialog.getByRole('button', { name: 'Cancel' })).toBeDisabled();
  releaseFile();
  await expect(stage.getByText('Uploading product images...')).toBeVisible();
  releaseImages();
  await expect(stage.getByText('Finalizing product...')).toBeVisible();
  releaseProduct();
  await expect(page.getByText('Product added successfully!')).toBeVisible();
  await expect(addDialog).toBeHidden();
  // Newest first: the new product heads the first page.
  await expect(gridRows(page).first()).toContainText(title);
  await expect(gridRows(page).first().locator('[data-field="price"]')).toHaveText('$12.50');
  await page.unrouteAll({ behavior: 'wait' });

  await searchCatalogue(page, word);
  await expect(page.getByText(title, { exact: true })).toBeVisible();

  // Edit: the title and the price; the image and the file stay.
  await page.goto('/store/dashboard');
  await page.getByRole('button', { name: `Edit ${title}` }).click();
  const editDialog = page.getByRole('dialog', { name: 'Edit Product' });
  const titleField = editDialog.getByRole('textbox', { name: 'Title', exact: true });
  await expect(titleField).toHaveValue(title);
  await expect(editDialog.getByRole('spinbutton', { name: 'Price' })).toHaveValue('12.50');
  await expect(editDialog.getByText(/^Current file: logbook\.pdf/)).toBeVisible();
  await expect(editDialog.getByRole('img', { name: 'Current image 1' })).toBeVisible();
  await titleField.fill(newTitle);
  await editDialog.getByRole('spinbutton', { name: 'Price' }).fill('19.99');
  await editDialog.getByRole('button', { name: 'Save Changes' }).click();

  await expect(page.getByText('Product updated successfully!')).toBeVisible();
  await expect(editDialog).toBeHidden();
  const editedRow = gridRows(page).filter({ hasText: newTitle });
  await expect(editedRow).toHaveCount(1);
  await expect(editedRow.locator('[data-field="price"]')).toHaveText('$19.99');
  await expect(gridRows(page).filter({ hasText: title })).toHaveCount(0);

  await searchCatalogue(page, word);
  await expect(page.getByText(newTitle, { exact: true })).toBeVisible();
  await expect(page.getByText(title, { exact: true })).toHaveCount(0);

  // Delete, after the confirmation.
  await page.goto('/store/dashboard');
  await page.getByRole('button', { name: `Delete ${newTitle}` }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Are you sure?' });
  await expect(confirm.getByText("You won't be able to revert this!")).toBeVisible();
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await confirm.getByRole('button', { name: 'Yes, delete it!' }).click();

  await expect(page.getByText('Product deleted successfully!')).toBeVisible();
  await expect(confirm).toBeHidden();
  await expect(gridRows(page).filter({ hasText: newTitle })).toHaveCount(0);
  await expect(gridRows(page)).toHaveCount(5);

  await searchCatalogue(page, word);
  await expect(page.getByText('No products found')).toBeVisible();
  await expect(page.getByText(newTitle, { exact: true })).toHaveCount(0);
});

test('@mobile the dashboard fits a phone and the form opens full screen', async ({ page }) => {
  await signInAsAdmin(page);
  // A phone lists the products as cards (the table is for wider screens).
  await expect(page.getByRole('list', { name: 'Products' }).getByRole('listitem')).toHaveCount(5);
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('button', { name: 'Add Product' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Product' });
  await expect(dialog).toBeVisible();
  const box = await dialog.boundingBox();
  expect(box?.width).toBe(page.viewportSize()?.width);
  await expectNoSeriousA11yViolations(page);
});
