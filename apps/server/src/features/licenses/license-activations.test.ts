import { LicenseMessages } from '@bindery/shared';
import { afterAll, beforeAll, expect, test } from 'vitest';
import {
  buildTestApp,
  signInAsAdmin,
  signUpAndSignIn,
  type TestApp,
} from '../../test/build-test-app.js';
import { createTestProduct } from '../../test/factories.js';
import { buyProduct } from '../../test/purchase.js';

// Runs on PostgreSQL too (postgres-suite.ts): racing activations are where engines differ.
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

test('10 activations at once on a key allowing 3: exactly 3 pass, the rest 409', async () => {
  const admin = (await signInAsAdmin(t.app)).cookie;
  const product = await createTestProduct(t.app, admin, {
    licenseKeys: { enabled: true, maxUses: 3 },
  });
  const buyer = await signUpAndSignIn(t.app);
  const { orderId } = await buyProduct(t.app, t.database.db, buyer.cookie, product._id);
  const { licenseKey } = await t.database.db
    .selectFrom('licenseKeys')
    .select('licenseKey')
    .where('orderId', '=', orderId)
    .executeTakeFirstOrThrow();
  const answers = await Promise.all(
    Array.from({ length: 10 }, () =>
      t.app.inject({
        method: 'POST',
        url: '/api/licenses/verify',
        payload: { productId: product._id, licenseKey, incrementUses: true },
      }),
    ),
  );
  const passed = answers.filter((answer) => answer.statusCode === 200);
  expect(passed.map((answer) => answer.json().uses).sort()).toEqual([1, 2, 3]);
  expect(
    answers.filter((answer) => answer.statusCode === 409).map((a) => a.json().message),
  ).toEqual(Array(7).fill(LicenseMessages.limitReached));
  const row = await t.database.db
    .selectFrom('licenseKeys')
    .select('uses')
    .where('orderId', '=', orderId)
    .executeTakeFirstOrThrow();
  expect(row.uses).toBe(3);
});
