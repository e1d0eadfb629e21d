import { rmSync } from 'node:fs';
import type { Product, ProductList, User } from '@bindery/shared';
import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest';
import {
  buildTestApp,
  signInAsAdmin,
  signUpAndSignIn,
  type TestApp,
} from '../../test/build-test-app.js';
import { createTestProduct } from '../../test/factories.js';
import { writeWebBuild } from '../../test/web-build.js';
import type { PageRenderer } from './storefront.service.js';

// How the server puts a rendered page together, with a renderer that says what it was given
// (the web build's real one is exercised by the browser tests).

const calls: string[] = [];
const renderer: PageRenderer = {
  cataloguePlace: (search) => {
    const params = new URLSearchParams(search);
    return { page: Number(params.get('page') ?? 1), search: params.get('search') ?? '', limit: 10 };
  },
  renderProductPage: (url: string, product: Product, user: User | null) => {
    calls.push(`product ${url} ${user?.name ?? 'visitor'}`);
    return {
      html: `<link rel="preload" as="image" href="/media/x.webp"/><h1>${product.title.replace(/</g, '&lt;')}</h1><p>${user?.name ?? 'Login'}</p>`,
      data: { queries: [[['catalog', 'detail', product._id], product]], user },
    };
  },
  renderProductNotFound: (url: string, id: string, user: User | null) => {
    calls.push(`not found ${url} ${id} ${user?.name ?? 'visitor'}`);
    return { html: '<h1>Product Not Found</h1>', data: { queries: [], user } };
  },
  renderCataloguePage: (url: string, list: ProductList, user: User | null) => {
    calls.push(`catalogue ${url} ${list.products.length} ${user?.name ?? 'visitor'}`);
    return { html: `<ul>${list.products.length}</ul>`, data: { queries: [], user } };
  },
};

let t: TestApp;
let dist: string;
let admin: string;
let product: Product;

beforeAll(async () => {
  dist = writeWebBuild();
  t = await buildTestApp({ webDistDir: dist }, { pageRenderer: renderer });
  admin = (await signInAsAdmin(t.app)).cookie;
  product = await createTestProduct(t.app, admin, { title: 'Folded </script> Leaves' });
});

afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

beforeEach(() => {
  calls.length = 0;
});

const get = (url: string, cookie?: string) =>
  t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

test('the rendered page sits in #root, its data after it, its image hint in the head', async () => {
  const response = await get(`/store/product/${product._id}`);
  expect(response.statusCode).toBe(200);
  const html = response.body;
  expect(html).toContain(
    '<div id="root"><h1>Folded &lt;/script> Leaves</h1><p>Login</p></div><script type="application/json" id="bindery-page">',
  );
  const head = html.slice(0, html.indexOf('</head>'));
  expect(head).toContain('<link rel="preload" as="image" href="/media/x.webp"/>');
  const data = /<script type="application\/json" id="bindery-page">([^<]*)<\/script>/.exec(html);
  // The title's "</script>" cannot end the data block, and the data reads back as it was.
  expect(data![1]).not.toContain('</script>');
  const publicProduct = (await get(`/api/products/${product._id}`)).json<Product>();
  expect(JSON.parse(data![1]!)).toEqual({
    queries: [[['catalog', 'detail', product._id], publicProduct]],
    user: null,
  });
  // The app's script is still there (a module: it runs once the data block is parsed).
  expect(html).toContain('<script type="module" src="/store/assets/index-abc123.js"></script>');
});

test('a page the same for every visitor is rendered once and kept until the product changes', async () => {
  const url = `/store/product/${product._id}?ref=kept`;
  expect((await get(url)).headers['cache-control']).toBe('no-cache');
  await get(url);
  expect(calls).toEqual([`product ${url} visitor`]);

  const changed = await t.app.inject({
    method: 'PUT',
    url: `/api/products/${product._id}`,
    headers: { cookie: admin },
    payload: {
      title: product.title,
      subtitle: product.subtitle,
      description: product.description,
      price: 21,
    },
  });
  expect(changed.statusCode).toBe(200);
  await get(url);
  expect(calls).toEqual([`product ${url} visitor`, `product ${url} visitor`]);
});

test('a signed-in visitor’s page carries their name, is rendered for them and kept private', async () => {
  const buyer = await signUpAndSignIn(t.app);
  const first = await get('/store/products?page=1', buyer.cookie);
  const second = await get('/store/products?page=1', buyer.cookie);
  expect(first.headers['cache-control']).toBe('private, no-store');
  expect(first.headers.vary).toBe('accept-encoding, cookie');
  expect(second.statusCode).toBe(200);
  expect(calls.filter((call) => call.startsWith('catalogue'))).toHaveLength(2);
  expect(calls[0]).toMatch(/^catalogue \/store\/products\?page=1 \d+ /);
  expect(calls[0]).not.toMatch(/visitor$/);
});

test('an unknown product is a 404 with the not-found page rendered, never kept', async () => {
  for (let i = 0; i < 2; i += 1) {
    const response = await get('/store/product/0000000000000000');
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('<div id="root"><h1>Product Not Found</h1></div>');
  }
  expect(calls).toEqual([
    'not found /store/product/0000000000000000 0000000000000000 visitor',
    'not found /store/product/0000000000000000 0000000000000000 visitor',
  ]);
});

test('a page past the end of the catalogue or a search is a 404 that still renders the page', async () => {
  for (const url of [
    '/store/products?page=99',
    '/store/products?page=2&search=folded',
    // Past the highest page a query may ask for: read as that page, so past the end too.
    '/store/products?page=99999999',
  ]) {
    const response = await get(url);
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('<div id="root"><ul>0</ul></div>');
  }
  expect((await get('/store/products?page=1')).statusCode).toBe(200);
  expect((await get('/store/products?search=folded')).statusCode).toBe(200);
  // Nothing found at all is an empty search, not a missing page.
  expect((await get('/store/products?page=2&search=nothingmatches')).statusCode).toBe(200);
});
