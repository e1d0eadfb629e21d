import { rmSync } from 'node:fs';
import type { Product, ProductList } from '@bindery/shared';
import { renderMarkdown } from '@bindery/shared/markdown';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEMO_PRODUCTS } from '../../db/seed/demo-catalogue.js';
import { buildTestApp, signInAsAdmin, type TestApp } from '../../test/build-test-app.js';
import { createTestProduct } from '../../test/factories.js';
import { writeWebBuild } from '../../test/web-build.js';
import type { PageRenderer } from './storefront.service.js';

// A Markdown description on the product page as the server sends it: the head carries its plain
// text, the product's answer its rendered HTML. The renderer here draws `descriptionHtml` as the
// web build's product page does; the browser test checks the real page.

const DESCRIPTION = [
  '# Inside the guide',
  '',
  'A **bold** start, *soft* words and [our notes](https://notes.example/zephyrfold).',
  '',
  '- Forty diagrams',
  '- A tool list',
  '',
  '<script>alert(1)</script> [x](javascript:alert(1)) <img src=x onerror=alert(2)>',
].join('\n');

const PLAIN =
  'Inside the guide A bold start, soft words and our notes. Forty diagrams A tool list ' +
  '<script>alert(1)</script> [x](javascript:alert(1)) <img src=x onerror=alert(2)>';

const renderer: PageRenderer = {
  cataloguePlace: () => ({ page: 1, search: '', limit: 10 }),
  renderProductPage: (_url, product, user) => ({
    html: `<h1>${product.title}</h1><div class="rich-text">${product.descriptionHtml}</div>`,
    data: { queries: [], user },
  }),
  renderProductNotFound: (_url, _id, user) => ({ html: '', data: { queries: [], user } }),
  renderCataloguePage: (_url, _list: ProductList, user) => ({
    html: '',
    data: { queries: [], user },
  }),
};

let t: TestApp;
let dist: string;
let admin: string;
let product: Product;

beforeAll(async () => {
  dist = writeWebBuild();
  t = await buildTestApp({ webDistDir: dist }, { pageRenderer: renderer });
  admin = (await signInAsAdmin(t.app)).cookie;
  product = await createTestProduct(t.app, admin, {
    title: 'Marked Pages',
    subtitle: '',
    description: DESCRIPTION,
  });
});

afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

const unescape = (text: string) =>
  text
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&amp;', '&');

async function productPage(): Promise<{ head: string; body: string }> {
  const response = await t.app.inject({ method: 'GET', url: `/store/product/${product._id}` });
  expect(response.statusCode).toBe(200);
  const html = response.body;
  const end = html.indexOf('</head>');
  return { head: html.slice(0, end), body: html.slice(end) };
}

describe('a product page with a Markdown description', () => {
  test('its meta descriptions and JSON-LD hold the plain text, escaped', async () => {
    const { head } = await productPage();
    const meta = (key: string) =>
      unescape(new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)" />`).exec(head)![1]!);
    const cut = `${PLAIN.slice(0, PLAIN.lastIndexOf(' ', 159)).trimEnd()}…`;
    expect(meta('description')).toBe(cut);
    expect(meta('og:description')).toBe(cut);
    expect(meta('twitter:description')).toBe(cut);
    const jsonLd = /<script type="application\/ld\+json">([^<]*)<\/script>/.exec(head)![1]!;
    expect(JSON.parse(jsonLd)).toMatchObject({ description: cut });
    expect(head).not.toContain('**');
    expect(head).not.toContain('# Inside');
    expect(head).not.toContain('<script>alert');
    expect(head).not.toContain('<img src=x');
  });

  test('its body holds the rendered description, links nofollow, the attacks as text', async () => {
    const { body } = await productPage();
    expect(body).toContain(
      '<div class="rich-text"><h3>Inside the guide</h3>\n' +
        '<p>A <strong>bold</strong> start, <em>soft</em> words and ' +
        '<a href="https://notes.example/zephyrfold" rel="nofollow noopener">our notes</a>.</p>\n' +
        '<ul>\n<li>Forty diagrams</li>\n<li>A tool list</li>\n</ul>\n' +
        '<p>&lt;script&gt;alert(1)&lt;/script&gt; [x](javascript:alert(1)) ' +
        '&lt;img src=x onerror=alert(2)&gt;</p>\n</div>',
    );
    expect(body).not.toContain('<script>alert');
    expect(body).not.toContain('href="javascript');
  });

  test("the product's own answer carries the rendered description; lists do not", async () => {
    const html = renderMarkdown(DESCRIPTION);
    for (const cookie of [undefined, admin]) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/products/${product._id}`,
        headers: cookie ? { cookie } : {},
      });
      expect(response.statusCode).toBe(200);
      expect(response.json<Product>().descriptionHtml).toBe(html);
    }
    expect(html).toContain('<h3>Inside the guide</h3>');
    const list = await t.app.inject({ method: 'GET', url: '/api/products?page=1&limit=10' });
    expect(list.json<ProductList>().products[0]).not.toHaveProperty('descriptionHtml');
  });

  test('search finds its words, not its marks or link addresses', async () => {
    const search = async (words: string) => {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/products?search=${encodeURIComponent(words)}`,
      });
      expect(response.statusCode).toBe(200);
      return response.json<ProductList>().products.map((found) => found._id);
    };
    expect(await search('forty diagrams')).toEqual([product._id]);
    expect(await search('our notes')).toEqual([product._id]);
    expect(await search('zephyrfold')).toEqual([]);
  });
});

test('every demo description reads as before: one paragraph of its own words', () => {
  for (const demo of DEMO_PRODUCTS) {
    const text = demo.description
      .replaceAll('&', '&amp;')
      .replaceAll('<', '&lt;')
      .replaceAll('>', '&gt;')
      .replaceAll('"', '&quot;');
    expect(renderMarkdown(demo.description)).toBe(`<p>${text}</p>\n`);
  }
});
