import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, newBuyer, signInThroughUi } from './fixtures.js';

/** The cards of the catalogue page, in order. */
const cards = (page: Page) => page.getByRole('list', { name: 'Products' }).getByRole('link');
const pagination = (page: Page) => page.getByRole('navigation', { name: 'Pagination' });
const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Search products' });

/** True once the image has arrived and decoded: the variant URL exists on the server. */
const isLoaded = (image: Locator) =>
  image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0);

test('the catalogue shows 10 products a page with pagination', async ({ page }) => {
  await page.goto('/store/products');

  await expect(page.getByRole('heading', { level: 1, name: 'Products' })).toBeVisible();
  await expect(cards(page)).toHaveCount(10);
  const first = cards(page).first();
  await expect(first).toHaveAttribute('href', /^\/store\/product\/[^/]+$/);
  await expect(first.getByText(/^\$\d+\.\d{2}$/)).toBeVisible();
  await expect(first.getByText(/^(PDF|EPUB|ZIP)$/)).toBeVisible();
  const cover = first.getByRole('img');
  await expect(cover).toHaveAttribute('src', /\/card\.webp$/);
  await expect(cover).toHaveAttribute('loading', 'lazy');
  await expect.poll(() => isLoaded(cover)).toBe(true);

  // The demo catalogue holds at least three pages.
  await expect(pagination(page).getByRole('link', { name: 'Page 1' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(pagination(page).getByRole('link', { name: 'Page 3' })).toBeVisible();
  await expect(pagination(page).getByRole('button', { name: 'Previous' })).toBeDisabled();
  await expect(pagination(page).getByRole('link', { name: 'Next' })).toBeVisible();
});

test('searching with Enter finds a product by a word prefix, starting at page 1', async ({
  page,
}) => {
  await page.goto('/store/products?page=2');
  await expect(cards(page)).not.toHaveCount(0);

  await searchBox(page).fill('handb');
  await searchBox(page).press('Enter');

  await expect(page).toHaveURL(/\/store\/products\?search=handb$/);
  await expect(
    page.getByRole('link', { name: 'The Bookbinding Handbook', exact: true }),
  ).toBeVisible();
  await expect(searchBox(page)).toHaveValue('handb');
});

test('a search without results shows the empty state', async ({ page }) => {
  await page.goto('/store/products');
  await expect(cards(page)).toHaveCount(10);

  await searchBox(page).fill('qzxwvk');
  await page.getByRole('button', { name: 'Search', exact: true }).click();

  await expect(page.getByRole('heading', { name: 'No products found' })).toBeVisible();
  await expect(page.getByText('Try adjusting your search criteria')).toBeVisible();
  await expect(cards(page)).toHaveCount(0);
  await expect(pagination(page)).toHaveCount(0);
});

test('paging forward, then back with the browser, shows the same pages again', async ({ page }) => {
  await page.goto('/store/products');
  await expect(cards(page)).toHaveCount(10);
  const firstOnPage1 = await cards(page).first().textContent();

  await pagination(page).getByRole('link', { name: 'Page 2' }).click();

  await expect(page).toHaveURL(/\/store\/products\?page=2$/);
  await expect(pagination(page).getByRole('link', { name: 'Page 2' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(cards(page).first()).not.toHaveText(firstOnPage1 ?? '');
  const firstOnPage2 = await cards(page).first().textContent();

  await page.goBack();
  await expect(page).toHaveURL(/\/store\/products$/);
  await expect(cards(page).first()).toHaveText(firstOnPage1 ?? '');
  await expect(pagination(page).getByRole('link', { name: 'Page 1' })).toHaveAttribute(
    'aria-current',
    'page',
  );

  await page.goForward();
  await expect(page).toHaveURL(/\/store\/products\?page=2$/);
  await expect(cards(page).first()).toHaveText(firstOnPage2 ?? '');
});

test('a product page shows the product; Buy Now signs in first and comes back', async ({
  page,
}) => {
  const buyer = newBuyer();
  const registered = await page.request.post('/api/auth/register', {
    data: { ...buyer, role: 'user' },
  });
  expect(registered.ok()).toBe(true);

  await page.goto('/store/products?search=sourdough');
  const card = page.getByRole('link', { name: 'Sourdough Field Guide', exact: true });
  const price = (await card.getByText(/^\$\d+\.\d{2}$/).textContent()) ?? '';
  await card.click();

  await expect(page).toHaveURL(/\/store\/product\/[^/]+$/);
  const productPath = new URL(page.url()).pathname;
  const main = page.getByRole('main');
  await expect(
    main.getByRole('heading', { level: 1, name: 'Sourdough Field Guide' }),
  ).toBeVisible();
  const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(breadcrumb.getByRole('link', { name: 'Products' })).toHaveAttribute(
    'href',
    '/store/products',
  );
  await expect(breadcrumb.getByText('Sourdough Field Guide')).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(main.getByText(price, { exact: true })).toBeVisible();
  await expect(main.getByText('In Stock')).toBeVisible();
  await expect(main.getByText(/^(PDF|EPUB|ZIP) · [\d.]+ (B|KB|MB|GB)$/)).toBeVisible();

  // The gallery: the large image, and thumbnails that switch it when there are several.
  const gallery = page.getByRole('region', { name: 'Product images' });
  const mainImage = gallery.getByRole('img', { name: 'Sourdough Field Guide' });
  await expect(mainImage).toHaveAttribute('src', /\/large\.webp$/);
  await expect.poll(() => isLoaded(mainImage)).toBe(true);
  const thumbnails = gallery.getByRole('button', { name: /^Show image \d+ of \d+$/ });
  const thumbnailCount = await thumbnails.count();
  if (thumbnailCount > 1) {
    await expect(thumbnails.first()).toHaveAttribute('aria-pressed', 'true');
    const firstSrc = await mainImage.getAttribute('src');
    await thumbnails.nth(1).click();
    await expect(thumbnails.nth(1)).toHaveAttribute('aria-pressed', 'true');
    await expect(mainImage).not.toHaveAttribute('src', firstSrc ?? '');
  }

  await main.getByRole('button', { name: 'Buy Now' }).click();
  await expect(page).toHaveURL(/\/store\/login$/);
  await signInThroughUi(page, buyer.email, buyer.password);
  await expect(page.getByText('Login successful!')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${productPath}$`));
  await expect(main.getByRole('button', { name: 'Buy Now' })).toBeEnabled();

  await breadcrumb.getByRole('link', { name: 'Products' }).click();
  await expect(page).toHaveURL(/\/store\/products$/);
});

test('an unknown product id shows "Product Not Found" with a way back', async ({ page }) => {
  const response = await page.goto('/store/product/no-such-product');
  expect(response?.status()).toBe(404);
  await expect(page).toHaveTitle('Product Not Found · Bindery');

  await expect(page.getByRole('heading', { level: 1, name: 'Product Not Found' })).toBeVisible();
  await expect(page.getByText("We couldn't find the product you were looking for.")).toBeVisible();
  await page.getByRole('link', { name: 'Back to Home' }).click();
  await expect(page).toHaveURL(/\/store\/products$/);
  await expect(cards(page)).toHaveCount(10);
});

test('the catalogue and a product page have no serious accessibility violations', async ({
  page,
}) => {
  await page.goto('/store/products');
  await expect(cards(page)).toHaveCount(10);
  await expectNoSeriousA11yViolations(page);

  await cards(page).first().click();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Buy Now' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('@mobile the catalogue is one column and nothing overflows sideways', async ({ page }) => {
  const overflow = () =>
    page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

  await page.goto('/store/products');
  await expect(cards(page)).toHaveCount(10);
  const [first, second] = await Promise.all([
    cards(page).nth(0).boundingBox(),
    cards(page).nth(1).boundingBox(),
  ]);
  expect(first && second).toBeTruthy();
  // One column: the second card sits under the first, as wide and aligned.
  expect(second!.x).toBe(first!.x);
  expect(second!.y).toBeGreaterThanOrEqual(first!.y + first!.height);
  expect(first!.width).toBeGreaterThan(300);
  expect(await overflow()).toBeLessThanOrEqual(0);

  await pagination(page).scrollIntoViewIfNeeded();
  await expect(pagination(page).getByRole('link', { name: 'Next' })).toBeInViewport();
  expect(await overflow()).toBeLessThanOrEqual(0);

  await cards(page).first().click();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await overflow()).toBeLessThanOrEqual(0);
});
