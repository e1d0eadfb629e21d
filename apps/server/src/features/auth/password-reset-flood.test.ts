import { afterEach, beforeEach, expect, test } from 'vitest';
import { buildApp } from '../../app.js';
import { openDatabase } from '../../db/client.js';
import {
  buildTestApp,
  createScratchDatabase,
  signUpAndSignIn,
  testConfig,
  testDb,
  type TestApp,
} from '../../test/build-test-app.js';
import { createTestClock, type TestClock } from '../../test/clock.js';

const MINUTE = 60_000;

let clock: TestClock;
let t: TestApp;
let logLines: Array<Record<string, unknown>>;

beforeEach(async () => {
  clock = createTestClock();
  logLines = [];
  t = await buildTestApp(
    { logLevel: 'warn' },
    {
      clock: clock.now,
      logStream: {
        write: (line) => void logLines.push(JSON.parse(line) as Record<string, unknown>),
      },
    },
  );
});
afterEach(() => t.close());

async function requestReset(email: string, remoteAddress: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/auth/password-reset',
    payload: { email },
    remoteAddress,
  });
  await t.app.passwordReset.settled();
  return response.statusCode;
}

/** Reset emails queued for `email` so far (sent or waiting). */
async function resetEmailsTo(email: string): Promise<number> {
  const rows = await t.database.db
    .selectFrom('mailOutbox')
    .select('id')
    .where('kind', '=', 'password-reset')
    .where('toAddress', '=', email)
    .execute();
  return rows.length;
}

test('a flood of reset requests from one address does not silence the owner for more than five minutes', async () => {
  const owner = await signUpAndSignIn(t.app);
  for (let i = 0; i < 10; i += 1)
    expect(await requestReset(owner.email, '198.51.100.66')).toBe(202);
  expect(await resetEmailsTo(owner.email)).toBe(1);
  // The flood shows in the security log, with the address it came from.
  expect(logLines).toContainEqual(
    expect.objectContaining({
      event: 'account.password_reset_throttled',
      email: owner.email,
      ip: '198.51.100.66',
    }),
  );

  clock.advance(4 * MINUTE);
  expect(await requestReset(owner.email, '203.0.113.20')).toBe(202);
  expect(await resetEmailsTo(owner.email)).toBe(1);
  clock.advance(1 * MINUTE);
  expect(await requestReset(owner.email, '203.0.113.20')).toBe(202);
  expect(await resetEmailsTo(owner.email)).toBe(2);
});

test('requests at once from many addresses (or instances) still send one email in five minutes', async () => {
  const owner = await signUpAndSignIn(t.app);
  const statuses = await Promise.all(
    Array.from({ length: 8 }, (_, i) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/password-reset',
        payload: { email: owner.email },
        remoteAddress: `198.51.100.${i + 1}`,
      }),
    ),
  );
  await t.app.passwordReset.settled();
  expect(statuses.map((response) => response.statusCode)).toEqual(Array(8).fill(202));
  expect(await resetEmailsTo(owner.email)).toBe(1);
});

test.runIf(testDb === 'postgres')(
  'two instances on one database asked at once send one email in five minutes',
  async () => {
    const scratch = await createScratchDatabase('bindery_reset', { migrated: true });
    const instances = await Promise.all(
      [1, 2].map(async () => {
        const database = openDatabase({ kind: 'postgres', url: scratch.url });
        const app = await buildApp(testConfig(), { database, clock: clock.now });
        await app.ready();
        return app;
      }),
    );
    try {
      const owner = await signUpAndSignIn(instances[0]!);
      const responses = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          instances[i % 2]!.inject({
            method: 'POST',
            url: '/api/auth/password-reset',
            payload: { email: owner.email },
            remoteAddress: `198.51.100.${i + 1}`,
          }),
        ),
      );
      await Promise.all(instances.map((app) => app.passwordReset.settled()));
      expect(responses.map((response) => response.statusCode)).toEqual(Array(8).fill(202));
      const database = openDatabase({ kind: 'postgres', url: scratch.url });
      try {
        const rows = await database.db
          .selectFrom('mailOutbox')
          .select('id')
          .where('kind', '=', 'password-reset')
          .where('toAddress', '=', owner.email)
          .execute();
        expect(rows).toHaveLength(1);
      } finally {
        await database.close();
      }
    } finally {
      await Promise.all(instances.map((app) => app.close()));
      await scratch.drop();
    }
  },
);

test('requests from many addresses put at most twelve reset emails an hour in one inbox', async () => {
  const owner = await signUpAndSignIn(t.app);
  for (let minute = 0; minute < 60; minute += 1) {
    expect(await requestReset(owner.email, `198.51.100.${minute + 1}`)).toBe(202);
    expect(await requestReset(owner.email, `192.0.2.${minute + 1}`)).toBe(202);
    clock.advance(MINUTE);
  }
  expect(await resetEmailsTo(owner.email)).toBe(12);
});

test('one address asking for one email sends at most three links an hour', async () => {
  const owner = await signUpAndSignIn(t.app);
  for (let i = 0; i < 6; i += 1) {
    expect(await requestReset(owner.email, '198.51.100.7')).toBe(202);
    clock.advance(6 * MINUTE);
  }
  expect(await resetEmailsTo(owner.email)).toBe(3);
  // The same email asked for from elsewhere still sends.
  expect(await requestReset(owner.email, '203.0.113.20')).toBe(202);
  expect(await resetEmailsTo(owner.email)).toBe(4);
});
