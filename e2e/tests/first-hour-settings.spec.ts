import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ADMIN, signInThroughUi } from './fixtures.js';
import { createProduct, uniqueWord } from './products.js';

// The owner's Settings (issue 25, item 13): the store's name and the product page's notes, kept
// in the database. Each test puts the settings back: the store is shared by every spec.

const DEFAULT_NOTES = [
  'Instant delivery: Download your file right after payment.',
  'Secure payment: Pay by card on a protected checkout page.',
  'Premium quality: Carefully made files, checked before release.',
  "Satisfaction guarantee: Something wrong with your file? We'll make it right.",
];

let admin: APIRequestContext;
let productId: string;
let title: string;

test.beforeEach(async ({ playwright }) => {
  admin = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  title = `Settings Guide ${uniqueWord()}`;
  productId = await createProduct(admin, { title, price: 9 });
});

test.afterEach(async () => {
  const restored = await admin.put('/api/admin/settings', {
    data: { storeName: 'Bindery', supportEmail: '', productNotes: DEFAULT_NOTES },
  });
  expect(restored.status()).toBe(200);
  await admin.dispose();
});

/** The notes a product page shows, heading and text, as a visitor reads them. */
const notesOn = (page: Page) =>
  page.getByRole('list', { name: 'Why buy here' }).getByRole('listitem');

async function openSettings(page: Page, viaMenu: boolean) {
  await signInThroughUi(page, ADMIN.email, ADMIN.password, '/store/login/admin');
  await expect(page).toHaveURL(/\/store\/dashboard$/);
  if (viaMenu) {
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('menuitem', { name: 'Settings' }).click();
  } else {
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Settings' })
      .click();
  }
  await expect(page).toHaveURL(/\/store\/settings$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  return page.getByRole('form', { name: 'Settings' });
}

test('the admin renames the store and rewrites the notes; a product page shows them, then none', async ({
  page,
  browser,
}) => {
  const visitor = await browser.newPage({ baseURL: test.info().project.use.baseURL });
  await visitor.goto(`/store/product/${productId}`);
  await expect(notesOn(visitor)).toHaveText([
    'Instant deliveryDownload your file right after payment.',
    'Secure paymentPay by card on a protected checkout page.',
    'Premium qualityCarefully made files, checked before release.',
    "Satisfaction guaranteeSomething wrong with your file? We'll make it right.",
  ]);
  await expect(visitor).toHaveTitle(`${title} · Bindery`);

  const form = await openSettings(page, false);
  await expect(form.getByLabel('Store name')).toHaveValue('Bindery');
  await form.getByLabel('Store name').fill('Ink & Thread');
  await form.getByRole('button', { name: 'Remove note 4' }).click();
  await form.getByRole('button', { name: 'Remove note 3' }).click();
  await form
    .getByLabel('Note 2', { exact: true })
    .fill('Secure payment: By card, on our checkout page.');
  await form.getByRole('button', { name: 'Add note' }).click();
  await form.getByLabel('Note 3', { exact: true }).fill('Printed on request');
  await form.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Settings saved.')).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Ink & Thread' })).toBeVisible();

  await visitor.reload();
  await expect(notesOn(visitor)).toHaveText([
    'Instant deliveryDownload your file right after payment.',
    'Secure paymentBy card, on our checkout page.',
    'Printed on request',
  ]);
  await expect(visitor).toHaveTitle(`${title} · Ink & Thread`);
  await expect(
    visitor.getByRole('banner').getByRole('link', { name: 'Ink & Thread' }),
  ).toBeVisible();
  // "In Stock" is the specification's and stays whatever the notes say.
  await expect(visitor.getByText('In Stock')).toBeVisible();

  for (let index = 3; index >= 1; index -= 1) {
    await form.getByRole('button', { name: `Remove note ${index}` }).click();
  }
  await expect(form.getByText('No notes: product pages show none.')).toBeVisible();
  await form.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Settings saved.').first()).toBeVisible();
  await visitor.reload();
  await expect(visitor.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(visitor.getByRole('list', { name: 'Why buy here' })).toHaveCount(0);
  await visitor.close();
});

test('a refused setting is shown at its field, and nothing is saved', async ({ page }) => {
  const form = await openSettings(page, false);
  await form.getByLabel('Support email').fill('not an address');
  await form.getByLabel('Note 1', { exact: true }).fill('x'.repeat(121));
  await form.getByRole('button', { name: 'Save settings' }).click();
  await expect(form.getByLabel('Support email')).toHaveAccessibleDescription(
    'Support email must be a valid email address, or empty for none.',
  );
  await expect(form.getByLabel('Note 1', { exact: true })).toHaveAccessibleDescription(
    'A product note must be at most 120 characters.',
  );
  const saved = await admin.get('/api/admin/settings');
  expect(((await saved.json()) as { productNotes: string[] }).productNotes).toEqual(DEFAULT_NOTES);
});

test('@mobile on a phone the admin reaches Settings from the menu and changes the notes', async ({
  page,
  browser,
}) => {
  const form = await openSettings(page, true);
  await form.getByLabel('Store name').fill('Pocket Press');
  await form.getByRole('button', { name: 'Remove note 4' }).click();
  await form.getByRole('button', { name: 'Remove note 3' }).click();
  await form.getByRole('button', { name: 'Remove note 2' }).click();
  await form
    .getByLabel('Note 1', { exact: true })
    .fill('Instant delivery: Yours right after payment.');
  await form.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Settings saved.')).toBeVisible();

  const visitor = await browser.newPage({
    baseURL: test.info().project.use.baseURL,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  await visitor.goto(`/store/product/${productId}`);
  await expect(notesOn(visitor)).toHaveText(['Instant deliveryYours right after payment.']);
  await expect(visitor).toHaveTitle(`${title} · Pocket Press`);
  await visitor.close();
});
