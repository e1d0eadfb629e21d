import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { sidewaysOverflow } from './buyer-helpers.js';
import { ADMIN, expectNoSeriousA11yViolations, newBuyer, signInThroughUi } from './fixtures.js';

const HEADING = 'This download is not available';
const FRESH_LINK = 'Get a fresh link from My Orders';

/** A buyer who bought the demo's Bookbinding Handbook through the API: their download link. */
async function buyerWithPurchase(request: APIRequestContext) {
  const buyer = newBuyer();
  expect(
    (await request.post('/api/auth/register', { data: { ...buyer, role: 'user' } })).ok(),
  ).toBe(true);
  expect((await request.post('/api/auth/login', { data: buyer })).ok()).toBe(true);
  const found = await request.get('/api/products?search=Bookbinding%20Handbook&limit=10&page=1');
  const products = ((await found.json()) as { products: Array<{ _id: string; title: string }> })
    .products;
  const product = products.find((p) => p.title === 'The Bookbinding Handbook')!;
  const checkout = await request.post('/api/session/checkout', {
    data: { productId: product._id },
  });
  expect(checkout.ok()).toBe(true);
  const sessionId = ((await checkout.json()) as { url: string }).url.split('/').pop()!;
  const paid = await request.post(`/checkout/test/${sessionId}/pay`, {
    form: { cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123', name: buyer.name },
    maxRedirects: 0,
  });
  expect(paid.status()).toBe(303);
  const link = await request.post('/api/session/generate-download-link', { data: { sessionId } });
  expect(link.ok()).toBe(true);
  const { downloadUrl } = (await link.json()) as { downloadUrl: string };
  const token = downloadUrl.split('/').pop()!;
  const { orderId } = JSON.parse(
    Buffer.from(token.split('.')[0]!, 'base64url').toString('utf8'),
  ) as { orderId: string };
  return { buyer, downloadUrl, orderId, title: product.title };
}

/** The built server's link signer (`npm test` builds before the browser tests run). */
interface DownloadTokens {
  sign(claims: { orderId: string; exp: number }): string;
}
const builtDownloads = new URL(
  '../../apps/server/dist/features/downloads/downloads.service.js',
  import.meta.url,
).href;

/** The link of `orderId` as the store makes it, already a minute past its end. */
async function expiredLinkOf(orderId: string): Promise<string> {
  // Imported by a computed name, so type-checking does not need the server built first.
  const { createDownloadTokens } = (await import(builtDownloads)) as {
    createDownloadTokens(secret: string): DownloadTokens;
  };
  // The configured server keeps its generated secret in its data directory.
  const secret = readFileSync(path.join(process.env.E2E_DATA_DIR!, 'secret.key'), 'utf8').trim();
  const token = createDownloadTokens(secret).sign({
    orderId,
    exp: Math.floor(Date.now() / 1000) - 60,
  });
  return `/api/downloads/${token}`;
}

async function expectDownloadPage(page: Page, status: number, message: string, response: unknown) {
  expect((response as { status(): number }).status()).toBe(status);
  await expect(page).toHaveTitle(`${HEADING} · Bindery`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(HEADING);
  await expect(page.getByText(message, { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Browse the catalogue' })).toBeVisible();
  await expect(page.getByRole('link', { name: FRESH_LINK })).toBeVisible();
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  await expectNoSeriousA11yViolations(page);
}

test('an invalid link shows the store’s page, and its link leads to My Orders', async ({
  page,
}) => {
  const buyer = newBuyer();
  expect(
    (await page.request.post('/api/auth/register', { data: { ...buyer, role: 'user' } })).ok(),
  ).toBe(true);
  await page.goto('/store/login');
  await signInThroughUi(page, buyer.email, buyer.password);
  await expect(page).toHaveURL(/\/store\/products$/);

  const response = await page.goto('/api/downloads/not-a-real-link');
  await expectDownloadPage(page, 403, 'This download link is not valid.', response);
  await page.getByRole('link', { name: FRESH_LINK }).click();
  await expect(page).toHaveURL(/\/store\/my-orders$/);
  await expect(page.getByRole('heading', { level: 1, name: 'My Orders' })).toBeVisible();
});

test('@mobile an expired link on a phone: the page, then a fresh link from My Orders', async ({
  page,
}) => {
  const { orderId, title } = await buyerWithPurchase(page.request);
  const response = await page.goto(await expiredLinkOf(orderId));
  await expectDownloadPage(
    page,
    410,
    'This download link has expired. Get a fresh one from My Orders.',
    response,
  );
  await expect(page.getByRole('link', { name: FRESH_LINK })).toBeInViewport();

  await page.getByRole('link', { name: FRESH_LINK }).click();
  await expect(page).toHaveURL(/\/store\/my-orders$/);
  // page.request shares the page's cookies: the buyer is signed in, and the file is named
  // after the product.
  const row = page
    .getByRole('table', { name: 'My Orders' })
    .getByRole('row')
    .filter({ hasText: title });
  const downloadStarted = page.waitForEvent('download');
  await row.getByRole('button', { name: `Download ${title}` }).click();
  expect((await downloadStarted).suggestedFilename()).toBe('The Bookbinding Handbook.pdf');
});

test('an expired link at a desk', async ({ page }) => {
  const { orderId } = await buyerWithPurchase(page.request);
  const response = await page.goto(await expiredLinkOf(orderId));
  await expectDownloadPage(
    page,
    410,
    'This download link has expired. Get a fresh one from My Orders.',
    response,
  );
});

test('a refunded order’s link shows why, and My Orders shows the refund', async ({
  page,
  browser,
}) => {
  const { downloadUrl, orderId, title } = await buyerWithPurchase(page.request);
  // The owner refunds it, signed in elsewhere.
  const owner = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  expect((await owner.request.post('/api/auth/login', { data: ADMIN })).ok()).toBe(true);
  expect((await owner.request.post(`/api/orders/${orderId}/refund`)).ok()).toBe(true);
  await owner.close();

  const response = await page.goto(downloadUrl);
  await expectDownloadPage(
    page,
    403,
    'This order was refunded or canceled, so its file can no longer be downloaded.',
    response,
  );
  await page.getByRole('link', { name: FRESH_LINK }).click();
  await expect(page).toHaveURL(/\/store\/my-orders$/);
  const row = page
    .getByRole('table', { name: 'My Orders' })
    .getByRole('row')
    .filter({ hasText: title });
  await expect(row.getByText('Refunded', { exact: true }).filter({ visible: true })).toHaveCount(1);
});
