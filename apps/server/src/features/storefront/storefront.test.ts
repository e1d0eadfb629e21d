import { rmSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildTestApp, signInAsAdmin, type TestApp } from '../../test/build-test-app.js';
import { createTestProduct } from '../../test/factories.js';
import { writeWebBuild } from '../../test/web-build.js';

let t: TestApp;
let dist: string;
let admin: string;

beforeAll(async () => {
  dist = writeWebBuild();
  t = await buildTestApp({
    storeName: 'Paper & Ink',
    webDistDir: dist,
    publicUrl: 'https://shop.example.com',
  });
  admin = (await signInAsAdmin(t.app)).cookie;
});

afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

/** A page as a crawler gets it: no JavaScript, no cookies. */
const page = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

/** The value of each `<meta>` named by `name` or `property`, unescaped. */
function metaOf(html: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const match of html.matchAll(/<meta (name|property)="([^"]+)" content="([^"]*)" \/>/g)) {
    found.set(match[2]!, unescape(match[3]!));
  }
  return found;
}

const unescape = (text: string) =>
  text
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&amp;', '&');

const titleOf = (html: string) => unescape(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '');

function jsonLdOf(html: string): Record<string, unknown> {
  const match = /<script type="application\/ld\+json">([^<]*)<\/script>/.exec(html);
  return JSON.parse(match![1]!) as Record<string, unknown>;
}

describe('a product page as sent, before any script runs', () => {
  test('carries its title, description, canonical address, Open Graph, Twitter card and JSON-LD', async () => {
    const product = await createTestProduct(t.app, admin, {
      title: 'The Letterpress Primer',
      subtitle: 'Setting type by hand',
      price: 12.5,
    });
    const response = await page(`/store/product/${product._id}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    const html = response.body;
    const url = `https://shop.example.com/store/product/${product._id}`;
    const imageId = /\/media\/images\/([^/]+)\//.exec(product.image[0]!)![1];
    const shareImage = `https://shop.example.com/media/images/${imageId}/share.jpg`;

    expect(titleOf(html)).toBe('The Letterpress Primer · Paper & Ink');
    expect(html).toContain(`<link rel="canonical" href="${url}" />`);
    expect(Object.fromEntries(metaOf(html))).toEqual({
      description: 'Setting type by hand',
      'og:type': 'product',
      'og:site_name': 'Paper & Ink',
      'og:title': 'The Letterpress Primer',
      'og:description': 'Setting type by hand',
      'og:url': url,
      'og:image': shareImage,
      'og:image:width': '1200',
      'og:image:height': '630',
      'og:image:alt': 'The Letterpress Primer',
      'product:price:amount': '12.50',
      'product:price:currency': 'USD',
      'og:price:amount': '12.50',
      'og:price:currency': 'USD',
      'twitter:card': 'summary_large_image',
      'twitter:title': 'The Letterpress Primer',
      'twitter:description': 'Setting type by hand',
      'twitter:image': shareImage,
    });
    expect(jsonLdOf(html)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'The Letterpress Primer',
      description: 'Setting type by hand',
      sku: product._id,
      url,
      image: [`https://shop.example.com${product.image[0]}`],
      offers: {
        '@type': 'Offer',
        url,
        price: '12.50',
        priceCurrency: 'USD',
        availability: 'https://schema.org/InStock',
      },
    });
    // The app and the store's settings are still there to take over.
    expect(html).toContain('<div id="root"></div>');
    expect(html).toContain('id="bindery-config"');
    expect(html.match(/<title>/g)).toHaveLength(1);
  });

  test('the share picture is the first image on a 1200×630 JPEG, made once and kept', async () => {
    const product = await createTestProduct(t.app, admin, { title: 'Picture Book' });
    const og = metaOf((await page(`/store/product/${product._id}`)).body).get('og:image')!;
    const path = new URL(og).pathname;
    const first = await page(path);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('image/jpeg');
    const sharp = (await import('sharp')).default;
    const { width, height, format } = await sharp(first.rawPayload).metadata();
    expect([width, height, format]).toEqual([1200, 630, 'jpeg']);
    const again = await page(path);
    expect(again.statusCode).toBe(200);
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    // Only images the store holds have one.
    expect((await page('/media/images/0000000000000000/share.jpg')).statusCode).toBe(404);
    expect((await page(path.replace('share.jpg', 'share.png'))).statusCode).toBe(404);
  });

  test('without a subtitle the description opens the description, cut at a word', async () => {
    const product = await createTestProduct(t.app, admin, {
      subtitle: '',
      description: `${'Quires and signatures, '.repeat(12)}\n\nSecond paragraph.`,
    });
    const description = metaOf((await page(`/store/product/${product._id}`)).body).get(
      'description',
    )!;
    expect(description.length).toBeLessThanOrEqual(160);
    expect(description).toBe(`${'Quires and signatures, '.repeat(6)}Quires and…`);
  });

  test('text from the product is escaped everywhere it lands: content, attributes, JSON-LD', async () => {
    const hostile = `</script><script>alert("x")</script> <b>'Bold' & "quoted"</b> <!--`;
    const product = await createTestProduct(t.app, admin, {
      title: hostile.slice(0, 100),
      subtitle: `"><img src=x onerror=alert(1)>`,
    });
    const html = (await page(`/store/product/${product._id}`)).body;
    const title = hostile.slice(0, 100);
    // Only the page's own elements: no markup from the product.
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('<img src=x');
    expect(html).not.toContain('<b>');
    expect(html).not.toContain('<!--');
    expect(html.match(/<\/script>/g)).toHaveLength(3); // JSON-LD, settings, app
    // And every value still reads as the seller wrote it.
    expect(titleOf(html)).toBe(`${title} · Paper & Ink`);
    expect(metaOf(html).get('og:title')).toBe(title);
    expect(metaOf(html).get('og:description')).toBe(`"><img src=x onerror=alert(1)>`);
    expect(jsonLdOf(html).name).toBe(title);
  });

  test('compressed for browsers that take it, like the app itself', async () => {
    const product = await createTestProduct(t.app, admin, { title: 'Gzip Me' });
    const response = await page(`/store/product/${product._id}`, { 'accept-encoding': 'gzip' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(titleOf(gunzipSync(response.rawPayload).toString())).toBe('Gzip Me · Paper & Ink');
  });

  test('an unknown, malformed or removed product is a 404 with the not-found title', async () => {
    const product = await createTestProduct(t.app, admin, { title: 'Soon Gone' });
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/products/${product._id}`,
      headers: { cookie: admin },
    });
    expect(removed.statusCode).toBe(204);
    for (const url of [
      `/store/product/${product._id}`,
      '/store/product/0000000000000000',
      '/store/product/not-an-id',
      `/store/product/${'x'.repeat(500)}`,
    ]) {
      const response = await page(url);
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(titleOf(response.body)).toBe('Product Not Found · Paper & Ink');
      expect(metaOf(response.body).get('robots')).toBe('noindex');
      expect(response.body).toContain('<div id="root"></div>');
    }
  });
});

describe('the catalogue as sent', () => {
  test('names the store, its canonical page, and keeps searches out of search engines', async () => {
    const first = (await page('/store/products')).body;
    expect(titleOf(first)).toBe('Products · Paper & Ink');
    expect(first).toContain(
      '<link rel="canonical" href="https://shop.example.com/store/products" />',
    );
    expect(metaOf(first).get('robots')).toBeUndefined();
    expect(metaOf(first).get('og:type')).toBe('website');

    const second = (await page('/store/products?page=2')).body;
    expect(titleOf(second)).toBe('Products, page 2 · Paper & Ink');
    expect(second).toContain('href="https://shop.example.com/store/products?page=2"');

    const search = (await page('/store/products?search=%3Cb%3Etype%22')).body;
    expect(titleOf(search)).toBe('Search results for “<b>type"” · Paper & Ink');
    expect(search).not.toContain('<b>type');
    expect(metaOf(search).get('robots')).toBe('noindex, follow');

    // A page number the app would refuse reads as the first page, never an error.
    const odd = await page('/store/products?page=-4&page=x');
    expect(odd.statusCode).toBe(200);
    expect(titleOf(odd.body)).toBe('Products · Paper & Ink');
  });
});
