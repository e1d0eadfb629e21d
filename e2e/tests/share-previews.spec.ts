import { expect, test, type Page } from '@playwright/test';
import { newBuyer, registerThroughUi, signInThroughUi } from './fixtures';

// What a link preview, a search engine or a browser gets before any script runs: the HTML as
// the server sends it over real HTTP.

interface ListedProduct {
  _id: string;
  title: string;
  subtitle: string;
  price: number;
}

const metaContent = (html: string, key: string) =>
  new RegExp(`<meta (?:name|property)="${key.replace(/[:.]/g, '\\$&')}" content="([^"]*)" />`).exec(
    html,
  )?.[1];

test('a product link carries its title, picture, price and structured data', async ({
  request,
  page,
  baseURL,
}) => {
  const list = (await (await request.get('/api/products?limit=1')).json()) as {
    products: ListedProduct[];
  };
  const product = list.products[0]!;
  const response = await request.get(`/store/product/${product._id}`);
  expect(response.status()).toBe(200);
  const html = await response.text();

  expect(html).toContain(`<link rel="canonical" href="${baseURL}/store/product/${product._id}" />`);
  expect(metaContent(html, 'og:type')).toBe('product');
  expect(metaContent(html, 'product:price:amount')).toBe(product.price.toFixed(2));
  expect(metaContent(html, 'twitter:card')).toBe('summary_large_image');
  const jsonLd = JSON.parse(
    /<script type="application\/ld\+json">([^<]*)<\/script>/.exec(html)![1]!,
  ) as { name: string; offers: { price: string } };
  expect(jsonLd.offers.price).toBe(product.price.toFixed(2));

  // The preview picture is a real 1200×630 JPEG.
  const picture = await request.get(metaContent(html, 'og:image')!);
  expect(picture.status()).toBe(200);
  expect(picture.headers()['content-type']).toBe('image/jpeg');
  const bytes = await picture.body();
  expect(bytes.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]))).toBe(true);

  // In the browser the tab keeps the product's name once the app has taken over.
  await page.goto(`/store/product/${product._id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(jsonLd.name);
  await expect(page).toHaveTitle(`${jsonLd.name} · Bindery`);
  await page.getByRole('link', { name: 'Products' }).first().click();
  await expect(page).toHaveTitle('Products · Bindery');
});

test('the catalogue as sent: its products and its pages are links that work without a script', async ({
  request,
}) => {
  const response = await request.get('/store/products?page=2');
  expect(response.status()).toBe(200);
  const html = await response.text();
  expect(html.match(/<a [^>]*href="\/store\/product\/[^"]+"/g)?.length).toBeGreaterThanOrEqual(10);
  expect(html).toContain('href="/store/products"');
  expect(html).toContain('href="/store/products?page=3"');
  expect(html).toContain('aria-current="page"');
  expect(/<title>([^<]*)<\/title>/.exec(html)?.[1]).toBe('Products, page 2 · Bindery');
});

test('robots.txt and the sitemap point crawlers at the catalogue and every product', async ({
  request,
  baseURL,
}) => {
  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toContain('Disallow: /api/');
  expect(robots).toContain(`Sitemap: ${baseURL}/sitemap.xml`);

  const sitemap = await request.get('/sitemap.xml');
  expect(sitemap.status()).toBe(200);
  const xml = await sitemap.text();
  const list = (await (await request.get('/api/products?limit=1')).json()) as {
    products: ListedProduct[];
  };
  expect(xml).toContain(`<loc>${baseURL}/store/products</loc>`);
  expect(xml).toContain(`<loc>${baseURL}/store/product/${list.products[0]!._id}</loc>`);
});

/**
 * Notes, before any script of the page runs, whether the server's markup of the page is ever
 * removed (an app that drew the page again instead of taking it over), and collects errors.
 */
async function watchTakeOver(page: Page) {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    // A signed-out visitor's "who am I" call answers 401; that is not an error of the page.
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) {
      errors.push(message.text());
    }
  });
  await page.addInitScript(() => {
    const flags = window as unknown as { redrawn?: boolean };
    new MutationObserver((records) => {
      for (const record of records) {
        for (const node of Array.from(record.removedNodes)) {
          if (node instanceof Element && node.querySelector('h1, .app-layout'))
            flags.redrawn = true;
        }
      }
    }).observe(document, { childList: true, subtree: true });
  });
  return {
    errors,
    redrawn: () => page.evaluate(() => (window as unknown as { redrawn?: boolean }).redrawn),
  };
}

test('the app takes over the page the server rendered: nothing is drawn twice, and it works', async ({
  page,
}) => {
  const watch = await watchTakeOver(page);
  await page.goto('/store/products?page=2');
  const cards = page.getByRole('list', { name: 'Products' }).getByRole('listitem');
  await expect(cards).toHaveCount(10);
  await page.waitForLoadState('networkidle');
  // Paging is a link the app follows without a page load.
  await page
    .getByRole('navigation', { name: 'Pagination' })
    .getByRole('link', { name: 'Page 1' })
    .click();
  await expect(page).toHaveURL(/\/store\/products$/);
  await expect(cards).toHaveCount(10);

  await cards.first().getByRole('link').first().click();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.reload();
  await page.waitForLoadState('networkidle');
  const gallery = page.getByRole('region', { name: 'Product images' });
  const thumbnails = gallery.getByRole('button', { name: /^Show image \d+ of \d+$/ });
  if ((await thumbnails.count()) > 1) {
    await thumbnails.nth(1).click();
    await expect(thumbnails.nth(1)).toHaveAttribute('aria-pressed', 'true');
  }
  expect(await watch.redrawn()).toBeUndefined();

  // The not-found page too: a 404 with the page in it, taken over as it is.
  const missing = await page.goto('/store/product/no-such-product');
  expect(missing?.status()).toBe(404);
  expect(await missing?.text()).toContain('Product Not Found</h1>');
  await expect(page.getByRole('heading', { level: 1, name: 'Product Not Found' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(await watch.redrawn()).toBeUndefined();
  expect(watch.errors).toEqual([]);
});

test('a signed-in buyer gets the page with their name, kept private, and taken over as it is', async ({
  page,
}) => {
  const buyer = newBuyer();
  await registerThroughUi(page, buyer);
  // Signing in waits for the account, as the other flows do: the form clears its passwords
  // when registering ends, which could land after they were typed again.
  await expect(page.getByText('Registration successful! Please log in.')).toBeVisible();
  await signInThroughUi(page, buyer.email, buyer.password);
  await expect(page.getByText('Login successful!')).toBeVisible();

  const sent = await page.request.get('/store/products');
  expect(sent.headers()['cache-control']).toBe('private, no-store');
  expect(await sent.text()).toContain(buyer.name);

  const watch = await watchTakeOver(page);
  await page.goto('/store/products');
  await expect(page.getByRole('link', { name: `${buyer.name}, account` })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(await watch.redrawn()).toBeUndefined();
  expect(watch.errors).toEqual([]);
});

test('odd addresses of the public pages are answered, never a server error', async ({
  request,
}) => {
  const cases: Array<[string, number]> = [
    ['/store/products?page=0', 200],
    ['/store/products?page=-3&page=2', 200],
    // Past the highest page a query may ask for: read as that page, past the end too.
    ['/store/products?page=99999999', 404],
    // Page 1000, past the end: there is no such page.
    ['/store/products?page=1e3', 404],
    [`/store/products?search=${'a'.repeat(5000)}`, 200],
    ['/store/products?search=%3C%2Fscript%3E%3Cscript%3Ealert(1)%3C%2Fscript%3E', 200],
    ['/store/products?search=%F0%9F%93%9A&page=2', 200],
    ['/store/product/%3Cscript%3E', 404],
    ['/store/product/..%2F..%2Fetc%2Fpasswd', 404],
    [`/store/product/${'z'.repeat(900)}`, 404],
  ];
  for (const [url, status] of cases) {
    const response = await request.get(url);
    expect(response.status(), url).toBe(status);
    const html = await response.text();
    expect(html, url).toContain('<div id="root">');
    expect(html, url).not.toContain('<script>alert');
  }
});
