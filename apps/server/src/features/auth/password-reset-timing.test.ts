import type { FastifyInstance } from 'fastify';
import type { KyselyPlugin } from 'kysely';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { buildApp } from '../../app.js';
import { openTestDatabase, signUpAndSignIn, testConfig } from '../../test/build-test-app.js';

/** The auth feature's tables: other features' timers (the mail worker, catalogue checks) are not this request's work. */
const AUTH_TABLES = /"(users|auth_failures|password_resets|sessions)"/;
const ANSWERED = '-- answer sent';

let app: FastifyInstance;
/** The SQL (without values) each statement on the auth tables ran, and when the answer went. */
let trail: string[];

beforeEach(async () => {
  trail = [];
  const database = await openTestDatabase({ migrated: true });
  const recorder: KyselyPlugin = {
    transformQuery(args) {
      const { sql } = database.db.getExecutor().compileQuery(args.node, args.queryId);
      if (AUTH_TABLES.test(sql)) trail.push(sql);
      return args.node;
    },
    transformResult: async (args) => args.result,
  };
  app = await buildApp(testConfig(), {
    database: { ...database, db: database.db.withPlugin(recorder) },
  });
  app.addHook('onSend', async (request) => {
    if (request.url === '/api/auth/password-reset') trail.push(ANSWERED);
  });
  await app.ready();
});
afterEach(() => app.close());

/** The statements a reset request ran before its answer went out, and after it. */
async function requestReset(email: string) {
  trail = [];
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/password-reset',
    payload: { email },
    remoteAddress: '203.0.113.7',
  });
  expect(response.statusCode).toBe(202);
  await app.passwordReset.settled();
  const answeredAt = trail.indexOf(ANSWERED);
  expect(answeredAt).toBeGreaterThan(-1);
  return { before: trail.slice(0, answeredAt), after: trail.slice(answeredAt + 1) };
}

test('a reset request runs the same statements before answering whether or not the account exists', async () => {
  const buyer = await signUpAndSignIn(app);
  const known = await requestReset(buyer.email);
  const unknown = await requestReset('nobody@example.com');

  expect(known.before).toEqual(unknown.before);
  // Nothing about the account is looked at before the answer.
  expect(known.before.some((sql) => sql.includes('"users"'))).toBe(false);
  expect(known.after.some((sql) => sql.startsWith('insert into "password_resets"'))).toBe(true);
  expect(unknown.after.some((sql) => sql.includes('"password_resets"'))).toBe(false);

  // The email was still written, after the answer.
  await app.mail.sendDueNow();
  const rows = await app.database.db
    .selectFrom('mailOutbox')
    .select(['toAddress', 'status'])
    .where('kind', '=', 'password-reset')
    .execute();
  expect(rows).toEqual([{ toAddress: buyer.email, status: 'sent' }]);
});
