import { expect, test, type Page } from '@playwright/test';
import { demoProducts, signUpBuyer, startCheckoutViaApi } from './buyer-helpers.js';
import { ADMIN, signInThroughUi } from './fixtures.js';

/** Every request the page makes from now on, by path, in order. */
function recordRequests(page: Page): string[] {
  const paths: string[] = [];
  page.on('request', (request) => paths.push(new URL(request.url()).pathname));
  return paths;
}

/**
 * Whether the HTML the server sent preloads a script named `name`-<hash>.js (the page's own
 * links, not those the app's loader adds once it runs).
 */
const preloadsScript = (html: string, name: string) =>
  new RegExp(
    `<link rel="modulepreload" crossorigin href="/store/assets/${name}-[\\w-]+\\.js">`,
  ).test(html);

test('a signed-in buyer opening My Orders directly sees their orders without asking who is signed in', async ({
  page,
}) => {
  const buyer = await signUpBuyer(page);
  const [product] = await demoProducts(page.request);
  await startCheckoutViaApi(page, product!._id);

  const requests = recordRequests(page);
  const response = await page.goto('/store/my-orders');
  // The page names the signed-in buyer itself …
  const html = await response!.text();
  expect(html).toMatch(/<script type="application\/json" id="bindery-page">[^<]*"user":\{/);
  expect(html).toContain(`"email":"${buyer.email}"`);
  expect(response!.headers()['cache-control']).toBe('private, no-store');
  // … and preloads the page's own script.
  expect(preloadsScript(html, 'my-orders-page')).toBe(true);

  const row = page.getByRole('table', { name: 'My Orders' }).getByRole('row', {
    name: new RegExp(product!.title),
  });
  await expect(row).toBeVisible();
  // The orders came without a round trip to /api/auth/me first.
  expect(requests).toContain('/api/orders/myorders');
  expect(requests).not.toContain('/api/auth/me');
});

test('the admin opening the dashboard directly gets the products without asking who is signed in', async ({
  page,
}) => {
  await signInThroughUi(page, ADMIN.email, ADMIN.password, '/store/login/admin');
  await expect(page).toHaveURL(/\/store\/dashboard$/);

  const requests = recordRequests(page);
  const html = await (await page.reload())!.text();
  expect(html).toContain('"role":"admin"');
  expect(preloadsScript(html, 'products-dashboard-page')).toBe(true);
  await expect(page.getByRole('grid').locator('[role="row"][data-id]').first()).toBeVisible();
  expect(requests).toContain('/api/products');
  expect(requests).not.toContain('/api/auth/me');
});

test('the sign-in page preloads its form and loads no MUI', async ({ page }) => {
  const requests = recordRequests(page);
  const html = await (await page.goto('/store/login'))!.text();
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await expect(page.getByLabel('Email')).toBeVisible();

  expect(preloadsScript(html, 'login-page')).toBe(true);
  expect(requests.filter((path) => /\/mui-theme-/.test(path))).toEqual([]);
  expect(requests).toContain('/api/auth/me');
});
