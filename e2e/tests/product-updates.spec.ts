import { expect, test, type Page } from '@playwright/test';
import { payByCard, signUpBuyer, startCheckoutViaApi } from './buyer-helpers.js';
import { ADMIN, signInThroughUi } from './fixtures.js';
import { waitForMail } from './mailbox.js';
import { createProduct, pdfFor, uniqueWord } from './products.js';

test.use({ viewport: { width: 1366, height: 768 } });

const orderRow = (page: Page, title: string) =>
  page.getByRole('table', { name: 'My Orders' }).getByRole('row').filter({ hasText: title });

test('the owner replaces the file and emails buyers; My Orders says Updated until the next download', async ({
  page,
  browser,
  playwright,
}) => {
  const title = `Tide Tables ${uniqueWord()}`;
  const api = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  const id = await createProduct(api, { title, price: 9 });
  await api.dispose();

  // A buyer pays for it.
  const buyer = await signUpBuyer(page);
  await page.goto(await startCheckoutViaApi(page, id));
  await payByCard(page, buyer.name);
  await expect(page).toHaveURL(/\/store\/success/);
  await page.goto('/store/my-orders');
  await expect(orderRow(page, title)).toHaveCount(1);
  await expect(orderRow(page, title).getByText(/^Updated /)).toHaveCount(0);

  // The owner replaces the file and writes to the buyers.
  const admin = await browser.newPage({ viewport: { width: 1366, height: 768 } });
  await signInThroughUi(admin, ADMIN.email, ADMIN.password, '/store/login/admin');
  await expect(admin).toHaveURL(/\/store\/dashboard$/);
  await admin.getByRole('button', { name: `Edit ${title}` }).click();
  const dialog = admin.getByRole('dialog', { name: 'Edit Product' });
  await expect(dialog.getByLabel('Email buyers about this update')).toHaveCount(0);
  await dialog.getByLabel('Choose digital file').setInputFiles({
    name: 'tide-tables-2027.pdf',
    mimeType: 'application/pdf',
    buffer: pdfFor('2027'),
  });
  await dialog.getByLabel('Email buyers about this update').check();
  await expect(dialog.getByText('1 buyer with a paid order will be emailed.')).toBeVisible();
  await dialog.getByLabel(/^Message to buyers/).fill('The 2027 tables are in.');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(
    admin.getByText('Product saved. 1 buyer will be emailed about the update.'),
  ).toBeVisible();
  await admin.close();

  const mail = await waitForMail({ to: buyer.email, subject: `${title} has been updated` });
  expect(mail.text).toContain('The 2027 tables are in.');
  // The replaced first file keeps its display name, the product's title.
  expect(mail.text).toContain(`Updated: ${title}`);
  expect(new URL(mail.links[0]!).pathname).toBe('/store/my-orders');

  // The order is marked until the buyer downloads the new file.
  await page.goto('/store/my-orders');
  const row = orderRow(page, title);
  await expect(row.getByText(/^Updated [A-Z][a-z]{2} \d{1,2}, \d{4}$/)).toBeVisible();
  const downloadStarted = page.waitForEvent('download');
  await row.getByRole('button', { name: `Download ${title}` }).click();
  await downloadStarted;
  await page.reload();
  await expect(orderRow(page, title)).toHaveCount(1);
  await expect(orderRow(page, title).getByText(/^Updated /)).toHaveCount(0);
});
