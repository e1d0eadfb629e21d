import type { Product } from '@bindery/shared';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  buildTestApp,
  signInAsAdmin,
  signUpAndSignIn,
  type TestApp,
} from '../test/build-test-app.js';
import { createTestProduct } from '../test/factories.js';
import { buyProduct } from '../test/purchase.js';
import { writeWebBuild } from '../test/web-build.js';

/** Every security header the store may send; an answer's set is the ones of these it carries. */
const SECURITY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'strict-transport-security',
  'x-content-type-options',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

/** A page the browser renders (and a file it may open inline) carries all of them. */
const DOCUMENT = {
  'content-security-policy':
    "default-src 'self';script-src 'self';style-src 'self' 'unsafe-inline';img-src 'self' data: blob:;font-src 'self' data:;connect-src 'self';object-src 'none';base-uri 'none';frame-ancestors 'none';form-action 'self'",
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

/** A JSON answer: none of the headers only documents use, and a policy that allows nothing. */
const JSON_ANSWER = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
};

let t: TestApp;
let base: string;
let product: Product;
let downloadUrl: string;

beforeAll(async () => {
  t = await buildTestApp({ webDistDir: writeWebBuild() });
  const admin = (await signInAsAdmin(t.app)).cookie;
  const buyer = (await signUpAndSignIn(t.app)).cookie;
  product = await createTestProduct(t.app, admin, { price: 12 });
  ({ downloadUrl } = await buyProduct(t.app, t.database.db, buyer, product._id));
  await t.app.catalog.checkForChanges();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t.close());

/** The security headers of the answer to GET `path`, over real HTTP, with its status and type. */
async function securityOf(path: string) {
  const response = await fetch(`${base}${path}`);
  await response.arrayBuffer();
  const sent = Object.fromEntries(
    SECURITY_HEADERS.flatMap((name) => {
      const value = response.headers.get(name);
      return value === null ? [] : [[name, value]];
    }),
  );
  return { status: response.status, type: response.headers.get('content-type'), sent };
}

describe('security headers by kind of answer', () => {
  test('a JSON answer, from the route and from the kept-answer lane, carries the API set', async () => {
    const fromRoute = await securityOf('/api/products?page=1&limit=10');
    const fromLane = await securityOf('/api/products?page=1&limit=10');
    for (const answer of [fromRoute, fromLane]) {
      expect(answer).toEqual({
        status: 200,
        type: 'application/json; charset=utf-8',
        sent: JSON_ANSWER,
      });
    }
    expect(await securityOf(`/api/products/${product._id}`)).toMatchObject({ sent: JSON_ANSWER });
  });

  test('error answers are JSON too: 404 and 400 carry the API set', async () => {
    expect(await securityOf('/api/no-such-thing')).toEqual({
      status: 404,
      type: 'application/json; charset=utf-8',
      sent: JSON_ANSWER,
    });
    expect(await securityOf('/api/products?page=zero')).toEqual({
      status: 400,
      type: 'application/json; charset=utf-8',
      sent: JSON_ANSWER,
    });
    // A refused download link answers JSON, not the file.
    expect(await securityOf('/api/downloads/not-a-token')).toMatchObject({
      status: 403,
      sent: JSON_ANSWER,
    });
  });

  test('an HTML page keeps every header a document uses', async () => {
    expect(await securityOf('/store/products')).toEqual({
      status: 200,
      type: 'text/html; charset=utf-8',
      sent: DOCUMENT,
    });
    expect(await securityOf(`/store/product/${product._id}`)).toMatchObject({ sent: DOCUMENT });
    // The API's documentation page keeps a document's headers, with its own policy; the
    // OpenAPI document it reads is a JSON answer.
    const docs = await securityOf('/api/docs');
    expect(docs.type).toBe('text/html; charset=utf-8');
    expect(docs.sent).toEqual({
      ...DOCUMENT,
      'content-security-policy': expect.stringContaining('validator.swagger.io'),
    });
    expect(await securityOf('/api/docs/json')).toEqual({
      status: 200,
      type: 'application/json; charset=utf-8',
      sent: JSON_ANSWER,
    });
  });

  test('a download and an image keep the document set: a browser may open them inline', async () => {
    expect(await securityOf(downloadUrl)).toEqual({
      status: 200,
      type: 'application/pdf',
      sent: DOCUMENT,
    });
    const image = new URL(product.image[0]!, base).pathname;
    expect(await securityOf(image)).toMatchObject({ status: 200, sent: DOCUMENT });
  });
});
