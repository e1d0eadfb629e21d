import { expect, test } from '@playwright/test';

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
  await expect(page).toHaveTitle(`${jsonLd.name} — Bindery`);
  await page.getByRole('link', { name: 'Products' }).first().click();
  await expect(page).toHaveTitle('Bindery');
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
