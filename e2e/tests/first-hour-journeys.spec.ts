import { expect, test, type Page } from '@playwright/test';
import { demoProducts } from './buyer-helpers.js';
import { newBuyer } from './fixtures.js';

/** Registers in the sign-in page's register mode, from wherever the page is now. */
async function registerHere(page: Page, buyer: ReturnType<typeof newBuyer>) {
  await page.getByRole('button', { name: 'Register' }).click();
  await page.getByLabel('Username').fill(buyer.name);
  await page.getByLabel('Email').fill(buyer.email);
  await page.getByLabel('Password', { exact: true }).fill(buyer.password);
  await page.getByLabel('Confirm password').fill(buyer.password);
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText('Registration successful! Please log in.')).toBeVisible();
}

async function signInHere(page: Page, buyer: ReturnType<typeof newBuyer>) {
  await page.getByLabel('Email').fill(buyer.email);
  await page.getByLabel('Password', { exact: true }).fill(buyer.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test.describe('the return target through register → sign in', () => {
  test('Buy Now signed out, Register, register, sign in: back on the product', async ({
    page,
    request,
  }) => {
    const [product] = await demoProducts(request);
    const buyer = newBuyer();
    await page.goto(`/store/product/${product!._id}`);
    await page.getByRole('main').getByRole('button', { name: 'Buy Now' }).click();
    await expect(page).toHaveURL(/\/store\/login$/);

    await registerHere(page, buyer);
    await signInHere(page, buyer);

    await expect(page).toHaveURL(new RegExp(`/store/product/${product!._id}$`));
    await expect(page.getByRole('heading', { level: 1, name: product!.title })).toBeVisible();
  });

  test('following "Please log in." to the top bar’s Login keeps the product as the target', async ({
    page,
    request,
  }) => {
    const [product] = await demoProducts(request);
    const buyer = newBuyer();
    await page.goto(`/store/product/${product!._id}`);
    await page.getByRole('main').getByRole('button', { name: 'Buy Now' }).click();
    await registerHere(page, buyer);

    await page.getByRole('banner').getByRole('link', { name: 'Login' }).click();
    await signInHere(page, buyer);

    await expect(page).toHaveURL(new RegExp(`/store/product/${product!._id}$`));
    await expect(page.getByRole('heading', { level: 1, name: product!.title })).toBeVisible();
  });

  for (const hostile of ['https://evil.example/phish', '//evil.example/phish', '/\\evil.example']) {
    test(`a hostile target (${hostile}) is dropped through register → sign in`, async ({
      page,
    }) => {
      const buyer = newBuyer();
      await page.goto(`/store/login?redirect=${encodeURIComponent(hostile)}`);
      await registerHere(page, buyer);
      await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toHaveAttribute(
        'href',
        '/store/login',
      );
      await signInHere(page, buyer);

      await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/store\/products$/);
    });
  }
});
