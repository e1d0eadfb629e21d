import { rmSync } from 'node:fs';
import { afterEach, expect, test } from 'vitest';
import {
  buildTestApp,
  signInAsAdmin,
  signUpAndSignIn,
  type TestApp,
} from '../../test/build-test-app.js';
import { createTestProduct } from '../../test/factories.js';
import { startCheckout } from '../../test/purchase.js';
import { writeWebBuild } from '../../test/web-build.js';

// The pages the server writes itself (share previews, the test checkout) in the store's currency.

let t: TestApp;
let dist: string;
afterEach(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

async function store(currency: string, locale: string) {
  dist = writeWebBuild();
  t = await buildTestApp({ currency, locale, webDistDir: dist });
  return (await signInAsAdmin(t.app)).cookie;
}

const metaContent = (html: string, property: string) =>
  new RegExp(`<meta property="${property}" content="([^"]*)" />`).exec(html)?.[1];

test('a JPY product’s share preview and JSON-LD carry yen in whole units', async () => {
  const admin = await store('JPY', 'ja-JP');
  const product = await createTestProduct(t.app, admin, { price: 1500 });
  const html = (await t.app.inject({ method: 'GET', url: `/store/product/${product._id}` })).body;
  expect(metaContent(html, 'og:price:amount')).toBe('1500');
  expect(metaContent(html, 'og:price:currency')).toBe('JPY');
  expect(metaContent(html, 'product:price:amount')).toBe('1500');
  expect(metaContent(html, 'product:price:currency')).toBe('JPY');
  const jsonLd = /<script type="application\/ld\+json">([^<]*)<\/script>/.exec(html)![1]!;
  expect(JSON.parse(jsonLd)).toMatchObject({
    offers: { price: '1500', priceCurrency: 'JPY' },
  });
  // The web app learns the currency and how to write it from the page's config block.
  const config = /<script type="application\/json" id="bindery-config">([^<]*)<\/script>/.exec(
    html,
  )![1]!;
  expect(JSON.parse(config)).toMatchObject({ currency: 'JPY', locale: 'ja-JP' });
});

test('a EUR product’s share preview says EUR with two decimals', async () => {
  const admin = await store('EUR', 'de-DE');
  const product = await createTestProduct(t.app, admin, { price: 19.9 });
  const html = (await t.app.inject({ method: 'GET', url: `/store/product/${product._id}` })).body;
  expect(metaContent(html, 'og:price:amount')).toBe('19.90');
  expect(metaContent(html, 'og:price:currency')).toBe('EUR');
});

test('the test checkout page shows the order’s amount in its currency, as the store writes it', async () => {
  const admin = await store('EUR', 'de-DE');
  const product = await createTestProduct(t.app, admin, { title: 'Atlas', price: 19.9 });
  const buyer = await signUpAndSignIn(t.app);
  const { sessionId } = await startCheckout(t.app, t.database.db, buyer.cookie, product._id);
  const page = await t.app.inject({ method: 'GET', url: `/checkout/test/${sessionId}` });
  expect(page.statusCode).toBe(200);
  expect(page.body).toContain('<p class="amount">19,90\u00a0€</p>');
  expect(page.body).toContain('Pay 19,90\u00a0€');
});
