import { expect, test, type Page } from '@playwright/test';
import { ADMIN, signInThroughUi } from './fixtures';

test.use({ viewport: { width: 1366, height: 768 } });

/** A valid 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

async function openAddForm(page: Page) {
  await signInThroughUi(page, ADMIN.email, ADMIN.password, '/store/login/admin');
  await expect(page).toHaveURL(/\/store\/dashboard$/);
  await page.getByRole('button', { name: 'Add Product' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Product' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test('the product form asks before discarding changes, and closes at once when untouched', async ({
  page,
}) => {
  const dialog = await openAddForm(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await page.getByRole('button', { name: 'Add Product' }).click();
  await dialog.getByLabel(/^Title/).fill('Night Trains');
  await page.keyboard.press('Escape');
  const ask = page.getByRole('alertdialog');
  await expect(ask.getByRole('heading', { name: 'Discard changes?' })).toBeVisible();
  await ask.getByRole('button', { name: 'Keep editing' }).click();
  await expect(dialog.getByLabel(/^Title/)).toHaveValue('Night Trains');

  // A click on the backdrop asks too.
  await page.mouse.click(10, 10);
  await expect(ask).toBeVisible();
  await ask.getByRole('button', { name: 'Discard' }).click();
  await expect(dialog).toBeHidden();
});

test('chosen images show previews; a fake image and a fake PDF are refused before any upload', async ({
  page,
}) => {
  const uploads: string[] = [];
  page.on('request', (request) => {
    if (/\/api\/(uploads|products\/generate-signature)/.test(request.url()))
      uploads.push(request.url());
  });
  const dialog = await openAddForm(page);
  await expect(
    dialog.getByText('JPEG, PNG, WebP, GIF or AVIF, up to 10 MB each', { exact: false }),
  ).toBeVisible();

  await dialog.getByLabel('Choose images').setInputFiles({
    name: 'cover.png',
    mimeType: 'image/png',
    buffer: PNG,
  });
  const preview = dialog.getByRole('img', { name: 'Preview of cover.png' });
  await expect(preview).toBeVisible();
  expect(await preview.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(1);
  await dialog.getByRole('button', { name: 'Remove cover.png' }).click();
  await expect(preview).toHaveCount(0);

  await dialog.getByLabel(/^Title/).fill('Night Trains');
  await dialog.getByLabel(/^Description/).fill('Timetables.');
  await dialog.getByLabel(/^Price/).fill('12.50');
  await dialog.getByLabel('Choose images').setInputFiles({
    name: 'photo.png',
    mimeType: 'image/png',
    buffer: Buffer.from('this is text, not a picture'),
  });
  await dialog.getByLabel('Choose digital file').setInputFiles({
    name: 'guide.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('<html>not a pdf</html>'),
  });
  await expect(
    dialog.getByText('photo.png is not a JPEG, PNG, WebP, GIF or AVIF image.'),
  ).toBeVisible();
  await expect(
    dialog.getByText('guide.pdf: This file is not a real PDF, ZIP or EPUB.'),
  ).toBeVisible();

  await dialog.getByRole('button', { name: 'Save Product' }).click();
  await page.waitForTimeout(500);
  await expect(dialog).toBeVisible();
  expect(uploads).toEqual([]);
});
