import { expect, test } from '@playwright/test';
import { newBuyer, signInThroughUi } from './fixtures.js';
import { OWN_STORE_START_MS, startOwnStore } from './own-store.js';

/** The built store on its own fresh data directory, started WITHOUT PUBLIC_URL. */
const startStoreWithoutPublicUrl = () =>
  startOwnStore({
    env: {
      PUBLIC_URL: '',
      ADMIN_EMAIL: 'admin@example.com',
      ADMIN_PASSWORD: 'admin password 1',
    },
  });

test.describe('a store started without PUBLIC_URL', () => {
  let store: Awaited<ReturnType<typeof startStoreWithoutPublicUrl>>;
  test.beforeAll(async () => {
    test.setTimeout(OWN_STORE_START_MS + 60_000);
    store = await startStoreWithoutPublicUrl();
  });
  test.afterAll(async () => {
    await store?.stop();
  });

  test('opened at 127.0.0.1, a purchase through the test checkout ends signed in on the success page', async ({
    page,
  }) => {
    const origin = `http://127.0.0.1:${store.port}`;
    const buyer = newBuyer();
    // Registered by hand: registerThroughUi opens the configured server's address.
    await page.goto(`${origin}/store/login`);
    await page.getByRole('button', { name: 'Register' }).click();
    await page.getByLabel('Username').fill(buyer.name);
    await page.getByLabel('Email').fill(buyer.email);
    await page.getByLabel('Password', { exact: true }).fill(buyer.password);
    await page.getByLabel('Confirm password').fill(buyer.password);
    await page.getByRole('button', { name: 'Register' }).click();
    await expect(page.getByText('Registration successful! Please log in.')).toBeVisible();
    await signInThroughUi(page, buyer.email, buyer.password, `${origin}/store/login`);
    await expect(page).toHaveURL(`${origin}/store/products`);

    await page.goto(`${origin}/store/products?search=Bookbinding`);
    await page.getByRole('link', { name: 'The Bookbinding Handbook', exact: true }).click();
    await page.getByRole('main').getByRole('button', { name: 'Buy Now' }).click();

    // The hosted page is on the address the buyer is on, not on http://localhost.
    await expect(page).toHaveURL(new RegExp(`^${origin}/checkout/test/cs_test_[\\w-]+$`));
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry (MM/YY)').fill('12/34');
    await page.getByLabel('CVC').fill('123');
    await page.getByRole('button', { name: /^Pay / }).click();

    await expect(page).toHaveURL(
      new RegExp(`^${origin}/store/success\\?session_id=cs_test_[\\w-]+$`),
    );
    await expect(
      page.getByRole('heading', { level: 1, name: 'Payment Successful!' }),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Download Your File' })).toBeVisible({
      timeout: 20_000,
    });
    // Still signed in: the top bar names the buyer.
    await expect(page.getByRole('banner').getByRole('button', { name: 'Logout' })).toBeVisible();
  });

  test('a name the machine does not answer to is refused with what to set', async ({ request }) => {
    const response = await request.get(`http://127.0.0.1:${store.port}/store/products`, {
      headers: { host: `rebound.example:${store.port}` },
    });
    expect(response.status()).toBe(421);
    expect(await response.json()).toEqual({
      message: `This store does not answer to the host "rebound.example:${store.port}". Set PUBLIC_URL to the address buyers use (for example https://shop.example.com), or add the name to ALLOWED_HOSTS.`,
      code: 'MISDIRECTED_REQUEST',
    });
  });
});

test('with PUBLIC_URL set, a store opened by another name moves there before sign-in', async ({
  page,
  baseURL,
}) => {
  // The configured server runs with PUBLIC_URL=http://127.0.0.1:<port>.
  const publicUrl = new URL(baseURL!);
  const otherName = `http://localhost:${publicUrl.port}`;
  await page.goto(`${otherName}/store/login?from=mail`);
  await expect(page).toHaveURL(`${publicUrl.origin}/store/login?from=mail`);
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
});
