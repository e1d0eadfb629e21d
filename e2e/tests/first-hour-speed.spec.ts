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

/**
 * Records, in the page, whether a loading block (a lazy page's fallback, or the session check)
 * was ever in the document: a page preloaded before the app's first render shows none.
 */
async function watchLoadingBlocks(page: Page) {
  await page.addInitScript(() => {
    const flag = window as unknown as { sawLoadingBlock?: boolean };
    const check = () => {
      if (document.querySelector('.loading-block')) flag.sawLoadingBlock = true;
    };
    new MutationObserver(check).observe(document, { childList: true, subtree: true });
  });
}

const sawLoadingBlock = (page: Page) =>
  page.evaluate(
    () => (window as unknown as { sawLoadingBlock?: boolean }).sawLoadingBlock ?? false,
  );

test('a signed-in buyer opening My Orders directly sees their orders without asking who is signed in', async ({
  page,
}) => {
  const buyer = await signUpBuyer(page);
  const [product] = await demoProducts(page.request);
  await startCheckoutViaApi(page, product!._id);

  const requests = recordRequests(page);
  await watchLoadingBlocks(page);
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
  // The page was drawn at once, without its loading fallback, and asked for its orders once.
  expect(await sawLoadingBlock(page)).toBe(false);
  expect(requests.filter((path) => path === '/api/orders/myorders')).toHaveLength(1);
});

test('the admin opening the dashboard directly gets the products in the page, without asking who is signed in or for the list', async ({
  page,
}) => {
  await signInThroughUi(page, ADMIN.email, ADMIN.password, '/store/login/admin');
  await expect(page).toHaveURL(/\/store\/dashboard$/);
  // The sign-in's own visit asks for the products too: let it finish before counting.
  await expect(
    page.getByRole('table', { name: 'Products' }).locator('tr[data-id]').first(),
  ).toBeVisible();

  const requests = recordRequests(page);
  await watchLoadingBlocks(page);
  const html = await (await page.reload())!.text();
  expect(html).toContain('"role":"admin"');
  expect(preloadsScript(html, 'products-dashboard-page')).toBe(true);
  const rows = page.getByRole('table', { name: 'Products' }).locator('tr[data-id]');
  await expect(rows).toHaveCount(5);
  // The first row shown is the newest product, which the page came with.
  const newest = (await (await page.request.get('/api/products?page=1&limit=1')).json()) as {
    products: Array<{ _id: string }>;
  };
  expect(html).toContain(`"_id":"${newest.products[0]!._id}"`);
  await expect(rows.first()).toHaveAttribute('data-id', newest.products[0]!._id);
  expect(requests).not.toContain('/api/auth/me');
  // Drawn without its loading fallback, from the list in the page: no request for it.
  expect(await sawLoadingBlock(page)).toBe(false);
  expect(requests).not.toContain('/api/products');
});

test('the sign-in page preloads its form and loads no MUI', async ({ page }) => {
  const requests = recordRequests(page);
  const html = await (await page.goto('/store/login'))!.text();
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await expect(page.getByLabel('Email')).toBeVisible();

  expect(preloadsScript(html, 'login-page')).toBe(true);
  expect(requests.filter((path) => /\/mui(-theme|-x)?-/.test(path))).toEqual([]);
  expect(requests).toContain('/api/auth/me');
});

test('the sign-in form fetches its rules (and Zod) when the visitor reaches it, and checks with them', async ({
  page,
}) => {
  const requests = recordRequests(page);
  await page.goto('/store/login');
  await expect(page.getByLabel('Email')).toBeVisible();
  const rules = (paths: string[]) => paths.filter((path) => /\/login-form-schema-/.test(path));
  expect(rules(requests)).toEqual([]);

  await page.getByLabel('Email').focus();
  await expect.poll(() => rules(requests).length).toBe(1);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Email and password are required.')).toBeVisible();
});
