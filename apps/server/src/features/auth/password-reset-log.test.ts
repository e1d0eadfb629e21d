import { afterEach, beforeEach, expect, test } from 'vitest';
import { formatLogLine } from '../../lib/log-format.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';

const TOKEN = 'Zm9yLXRoZS1sb2ctdGVzdC1vbmx5LW5vdC1hLXJlYWwtb25l';

let t: TestApp;
let lines: string[];

beforeEach(async () => {
  lines = [];
  t = await buildTestApp(
    { logLevel: 'info' },
    { logStream: { write: (line) => lines.push(line) } },
  );
});
afterEach(() => t.close());

test('opening a reset link does not write its token to the request log, in either format', async () => {
  await t.app.inject({ method: 'GET', url: `/store/reset-password?token=${TOKEN}` });
  await t.app.inject({ method: 'GET', url: `/store/reset-password?from=mail&token=${TOKEN}#x` });

  const requests = lines
    .map((line) => JSON.parse(line) as { req?: { url: string } })
    .filter((record) => record.req?.url.startsWith('/store/reset-password'));
  expect(requests.map((record) => record.req!.url)).toEqual([
    '/store/reset-password?token=[redacted]',
    '/store/reset-password?from=mail&token=[redacted]',
  ]);
  expect(lines.join('')).not.toContain(TOKEN);
  // The terminal format reads the same lines.
  expect(lines.map(formatLogLine).join('')).not.toContain(TOKEN);
});
