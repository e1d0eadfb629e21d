import { expect, test, type Page } from '@playwright/test';
import { sidewaysOverflow } from './buyer-helpers.js';
import { expectNoSeriousA11yViolations, newBuyer } from './fixtures.js';

/** A signed-in buyer on the hosted test checkout of the demo's Bookbinding Handbook. */
async function openTestCheckout(page: Page) {
  const buyer = newBuyer();
  const request = page.request;
  expect(
    (await request.post('/api/auth/register', { data: { ...buyer, role: 'user' } })).ok(),
  ).toBe(true);
  expect((await request.post('/api/auth/login', { data: buyer })).ok()).toBe(true);
  const found = await request.get('/api/products?search=Bookbinding%20Handbook&limit=10&page=1');
  const { products } = (await found.json()) as { products: Array<{ _id: string; title: string }> };
  const product = products.find((p) => p.title === 'The Bookbinding Handbook')!;
  const checkout = await request.post('/api/session/checkout', {
    data: { productId: product._id },
  });
  expect(checkout.ok()).toBe(true);
  await page.goto(((await checkout.json()) as { url: string }).url);
  await expect(page.getByText('Test mode — no real charge')).toBeVisible();
  return buyer;
}

async function checkTheForm(page: Page) {
  // The store's look: its favicon and its primary colour on the Pay button.
  await expect(page.locator('link[rel="icon"]')).toHaveAttribute('href', /^data:image\/svg\+xml,/);
  await expect(page.getByRole('button', { name: /^Pay / })).toHaveCSS(
    'background-color',
    'rgb(57, 73, 171)',
  );

  // The expiry is written as MM/YY while it is typed.
  const expiry = page.getByLabel('Expiry (MM/YY)');
  await expiry.pressSequentially('1234');
  await expect(expiry).toHaveValue('12/34');

  // A typo in the card number: shown at the field, nothing posted, nothing cleared.
  const posts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST') posts.push(request.url());
  });
  const cardNumber = page.getByLabel('Card number');
  await cardNumber.fill('4242 4242 4242 4241');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Name on card').fill('Ada Lovelace');
  await page.getByRole('button', { name: /^Pay / }).click();

  await expect(cardNumber).toHaveAttribute('aria-invalid', 'true');
  await expect(cardNumber).toHaveAccessibleDescription('Your card number is invalid.');
  await expect(cardNumber).toBeFocused();
  await expect(page.getByText('Your card number is invalid.')).toBeVisible();
  expect(posts).toEqual([]);
  await expect(page).toHaveURL(/\/checkout\/test\/cs_test_[\w-]+$/);
  await expect(cardNumber).toHaveValue('4242 4242 4242 4241');
  await expect(expiry).toHaveValue('12/34');
  await expect(page.getByLabel('CVC')).toHaveValue('123');
  await expect(page.getByLabel('Name on card')).toHaveValue('Ada Lovelace');
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  await expectNoSeriousA11yViolations(page);

  // Corrected, the message goes and the purchase completes.
  await cardNumber.fill('4242 4242 4242 4242');
  await expect(cardNumber).not.toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Your card number is invalid.')).toBeHidden();
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page).toHaveURL(/\/store\/success\?session_id=cs_test_[\w-]+$/);
  await expect(page.getByRole('link', { name: 'Download Your File' })).toBeVisible({
    timeout: 20_000,
  });
}

test('@mobile the test checkout checks the card on a phone before it posts', async ({ page }) => {
  await openTestCheckout(page);
  await checkTheForm(page);
});

test('the test checkout checks the card at a desk before it posts', async ({ page }) => {
  await openTestCheckout(page);
  await checkTheForm(page);
});

test('a past expiry and a short CVC: focus goes to the first wrong field', async ({ page }) => {
  await openTestCheckout(page);
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM/YY)').fill('0120');
  await expect(page.getByLabel('Expiry (MM/YY)')).toHaveValue('01/20');
  await page.getByLabel('CVC').fill('12');
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page.getByLabel('Expiry (MM/YY)')).toBeFocused();
  await expect(page.getByLabel('Expiry (MM/YY)')).toHaveAccessibleDescription(
    "Your card's expiration date is in the past.",
  );
  await expect(page.getByLabel('CVC')).toHaveAccessibleDescription(
    "Your card's security code is invalid.",
  );
  await expect(page.getByLabel('Card number')).not.toHaveAttribute('aria-invalid', 'true');
});

test('when the server refuses (a declined card), the page keeps what was typed but the CVC', async ({
  page,
}) => {
  await openTestCheckout(page);
  await page.getByLabel('Card number').fill('4000 0000 0000 0002');
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Name on card').fill('Ada Lovelace');
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page.getByRole('alert')).toHaveText('Your card was declined.');
  await expect(page.getByLabel('Card number')).toHaveAccessibleDescription(
    'Your card was declined.',
  );
  await expect(page.getByLabel('Card number')).toHaveValue('4000 0000 0000 0002');
  await expect(page.getByLabel('Expiry (MM/YY)')).toHaveValue('12/34');
  await expect(page.getByLabel('CVC')).toHaveValue('');
  await expect(page.getByLabel('Name on card')).toHaveValue('Ada Lovelace');
});
