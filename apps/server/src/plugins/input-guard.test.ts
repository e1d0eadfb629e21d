import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  buildTestApp,
  signInAsAdmin,
  signUpAndSignIn,
  type TestApp,
} from '../test/build-test-app.js';
import { createTestProduct } from '../test/factories.js';

let t: TestApp;
let admin: string;
let buyer: string;
let productId: string;
beforeAll(async () => {
  t = await buildTestApp();
  admin = (await signInAsAdmin(t.app)).cookie;
  buyer = (await signUpAndSignIn(t.app)).cookie;
  productId = (await createTestProduct(t.app, admin))._id;
});
afterAll(async () => {
  await t.close();
});

const NUL_REFUSED = {
  message: 'Text in a request must not contain NUL characters.',
  code: 'BAD_REQUEST',
};

describe('a NUL character anywhere in a request is a 400, never a server error', () => {
  test.each([
    [
      'a new account’s name',
      () => ({
        method: 'POST' as const,
        url: '/api/auth/register',
        payload: { name: 'a\u0000b', email: 'nul@example.com', password: 'correct horse battery' },
      }),
    ],
    [
      'a product title',
      () => ({
        method: 'PUT' as const,
        url: `/api/products/${productId}`,
        headers: { cookie: admin },
        payload: { title: 'a\u0000b', description: 'A description.', price: 1 },
      }),
    ],
    [
      'the success page’s session id',
      () => ({
        method: 'POST' as const,
        url: '/api/session/generate-download-link',
        headers: { cookie: buyer },
        payload: { sessionId: '\u0000' },
      }),
    ],
    [
      'a key of the body',
      () => ({
        method: 'POST' as const,
        url: '/api/auth/login',
        payload: { email: 'a@example.com', password: 'x', ['k\u0000']: 1 },
      }),
    ],
    ['a search', () => ({ method: 'GET' as const, url: '/api/products?search=a%00b' })],
    ['a path parameter', () => ({ method: 'GET' as const, url: '/api/products/a%00b' })],
  ])('%s', async (_name, request) => {
    const response = await t.app.inject(request());
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(NUL_REFUSED);
  });

  test('nothing was written', async () => {
    const users = await t.database.db.selectFrom('users').select('email').execute();
    expect(users.map((user) => user.email)).not.toContain('nul@example.com');
    const product = await t.app.inject({ method: 'GET', url: `/api/products/${productId}` });
    expect(product.json().title).not.toContain('\u0000');
  });
});

test('an error that brings only its status gets the code of that status', async () => {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/docs/static/${'a'.repeat(300)}`,
  });
  expect(response.statusCode).toBe(403);
  expect(response.json()).toEqual({ message: 'Forbidden', code: 'FORBIDDEN' });
});
