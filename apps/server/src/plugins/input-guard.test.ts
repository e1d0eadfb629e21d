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

const refusedAt = (field: string) => ({
  message: 'Text must not contain NUL characters.',
  code: 'VALIDATION_ERROR',
  errors: { [field]: ['Text must not contain NUL characters.'] },
});

describe('a NUL character in a request is a 4xx, never a server error', () => {
  test.each([
    [
      'a new account’s name',
      'name',
      () => ({
        method: 'POST' as const,
        url: '/api/auth/register',
        payload: { name: 'a\u0000b', email: 'nul@example.com', password: 'correct horse battery' },
      }),
    ],
    [
      'a product title',
      'title',
      () => ({
        method: 'PUT' as const,
        url: `/api/products/${productId}`,
        headers: { cookie: admin },
        payload: { title: 'a\u0000b', description: 'A description.', price: 1 },
      }),
    ],
    [
      'the success page’s session id',
      'sessionId',
      () => ({
        method: 'POST' as const,
        url: '/api/session/generate-download-link',
        headers: { cookie: buyer },
        payload: { sessionId: '\u0000' },
      }),
    ],
    [
      'an image URL in a list',
      'image.1',
      () => ({
        method: 'PUT' as const,
        url: `/api/products/${productId}`,
        headers: { cookie: admin },
        payload: { title: 'T', description: 'D', price: 1, image: ['/a', 'b\u0000'] },
      }),
    ],
  ])('%s → 400 naming the field', async (_name, field, request) => {
    const response = await t.app.inject(request());
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(refusedAt(field));
  });

  test('a search with a NUL finds nothing rather than failing', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/products?search=%00' });
    expect(response.statusCode).toBe(200);
    expect(response.json().total).toBe(0);
  });

  test('an id with a NUL is not found', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/products/a%00b' });
    expect(response.statusCode).toBe(404);
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
