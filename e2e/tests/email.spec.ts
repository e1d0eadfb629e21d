import { expect, test, type Page } from '@playwright/test';
import { payByCard, startCheckoutViaApi } from './buyer-helpers.js';
import { ADMIN, newBuyer, registerThroughUi, signInThroughUi } from './fixtures.js';
import { waitForMail } from './mailbox.js';
import { createProduct, uniqueWord } from './products.js';

/** A buyer registered and signed in through the login screen, with the address given. */
async function signUp(page: Page, email: string) {
  const buyer = { ...newBuyer(), email };
  await registerThroughUi(page, buyer);
  await expect(page.getByText('Registration successful! Please log in.')).toBeVisible();
  await signInThroughUi(page, buyer.email, buyer.password);
  await expect(page).toHaveURL(/\/store\/products$/);
  return buyer;
}

test('@postgres a purchase sends a receipt over SMTP whose link opens My Orders with the download', async ({
  page,
  playwright,
}) => {
  const admin = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  const title = `Receipt Guide ${uniqueWord()}`;
  const productId = await createProduct(admin, { title, price: 14.5 });
  await admin.dispose();

  const buyer = await signUp(page, `${newBuyer().email.split('@')[0]}@example.com`);
  await page.goto(await startCheckoutViaApi(page, productId));
  await payByCard(page, buyer.name);
  await expect(page).toHaveURL(/\/store\/success/);

  const receipt = await waitForMail({ to: buyer.email, subject: /^Your receipt/ });
  expect(receipt.subject).toBe(`Your receipt from Bindery: ${title}`);
  expect(receipt.from).toBe('shop@example.com');
  expect(receipt.text).toContain('Amount: $14.50');
  expect(receipt.html).not.toMatch(/<img/i);
  const myOrders = new URL(receipt.links[0]!);
  expect(myOrders.pathname).toBe('/store/my-orders');

  await page.goto(myOrders.pathname);
  const row = page
    .getByRole('table', { name: 'My Orders' })
    .getByRole('row')
    .filter({ hasText: title });
  await expect(row.getByRole('button', { name: /Download/ })).toBeVisible();
});

test('email the mail server refuses is listed for the admin, who can retry it', async ({
  page,
  playwright,
}) => {
  const admin = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  const title = `Refused Guide ${uniqueWord()}`;
  const productId = await createProduct(admin, { title, price: 3 });
  await admin.dispose();

  const buyer = await signUp(page, `${newBuyer().email.split('@')[0]}@refused.example`);
  await page.goto(await startCheckoutViaApi(page, productId));
  await payByCard(page, buyer.name);
  await expect(page).toHaveURL(/\/store\/success/);
  await page.getByRole('button', { name: 'Logout' }).click();

  await signInThroughUi(page, ADMIN.email, ADMIN.password, '/store/login/admin');
  await expect(page.getByRole('link', { name: 'Email' })).toBeVisible();
  await page.goto('/store/orders');
  await expect(page.getByText(/emails? could not be sent/)).toBeVisible();
  await page.getByRole('link', { name: 'Review' }).click();
  await expect(page).toHaveURL(/\/store\/email\?status=failed$/);

  const item = page
    .getByRole('list', { name: 'Failed email' })
    .getByRole('listitem')
    .filter({ hasText: buyer.email });
  await expect(item).toContainText(`Your receipt from Bindery: ${title}`);
  await expect(item).toContainText('Mailbox unavailable');
  await item.getByRole('button', { name: /^Retry/ }).click();
  await expect(page.getByText('Email queued to be sent again.')).toBeVisible();
});
