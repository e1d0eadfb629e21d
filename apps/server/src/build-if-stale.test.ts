import { execFileSync, spawnSync } from 'node:child_process';
import {
  appendFileSync,
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, expect, test } from 'vitest';

const script = fileURLToPath(new URL('../../../scripts/build-if-stale.mjs', import.meta.url));
let root: string | undefined;
afterEach(() => {
  if (root) rmSync(root, { recursive: true, force: true });
  root = undefined;
});

/** A project laid out like this one, whose build only counts itself and leaves its outputs. */
function project() {
  root = mkdtempSync(path.join(os.tmpdir(), 'bindery-build-'));
  const at = (relative: string) => path.join(root!, relative);
  const write = (relative: string, text: string) => {
    mkdirSync(path.dirname(at(relative)), { recursive: true });
    writeFileSync(at(relative), text);
  };
  mkdirSync(at('scripts'));
  copyFileSync(script, at('scripts/build-if-stale.mjs'));
  write('package.json', JSON.stringify({ private: true, scripts: { build: 'node build.mjs' } }));
  write(
    'build.mjs',
    `import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
     import { execFileSync, spawnSync } from 'node:child_process';
     appendFileSync('builds.log', 'built\\n');
     console.log('vite v8 building client environment for production...');
     console.error('a warning on stderr');
     mkdirSync('packages/shared/dist', { recursive: true });
     mkdirSync('apps/web/dist', { recursive: true });
     mkdirSync('apps/web/dist-ssr', { recursive: true });
     writeFileSync('apps/web/dist-ssr/entry-server.js', '');
     mkdirSync('apps/server/dist', { recursive: true });
     writeFileSync('apps/web/dist/index.html', '');
     writeFileSync('apps/server/dist/store.js', '');
     execFileSync(process.execPath, ['scripts/build-if-stale.mjs', '--record']);`,
  );
  write('package-lock.json', '{}');
  write('apps/server/src/main.ts', 'export {};\n');
  write('apps/server/src/main.test.ts', 'export {};\n');
  write('apps/web/src/main.tsx', 'export {};\n');
  const start = () =>
    execFileSync(process.execPath, [at('scripts/build-if-stale.mjs')], {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  const builds = () => readFileSync(at('builds.log'), 'utf8').split('\n').filter(Boolean).length;
  return { at, write, start, builds };
}

test(
  'npm start builds once, then only when a source the build reads changed',
  { timeout: 60_000 },
  () => {
    const p = project();
    // One line while building, the build's own output kept out of sight; nothing when up to date.
    expect(p.start()).toMatch(
      /^Building the store \(first start, or a source changed\)… done in \d+ s\n$/,
    );
    expect(p.builds()).toBe(1);
    expect(readFileSync(p.at('node_modules/.cache/bindery/build.log'), 'utf8')).toContain(
      'vite v8 building client environment for production...',
    );
    expect(p.start()).toBe('');
    expect(p.builds()).toBe(1);

    // Tests are not built; a file touched but unchanged (a checkout) is not a change.
    appendFileSync(p.at('apps/server/src/main.test.ts'), '// more\n');
    utimesSync(p.at('apps/web/src/main.tsx'), new Date(), new Date(Date.now() + 60_000));
    p.start();
    expect(p.builds()).toBe(1);

    p.write('apps/web/src/main.tsx', 'export const changed = 1;\n');
    p.start();
    expect(p.builds()).toBe(2);
    p.write('package-lock.json', '{"changed":true}');
    p.start();
    expect(p.builds()).toBe(3);
    p.start();
    expect(p.builds()).toBe(3);

    // A build output gone (a cleaned folder) is rebuilt whatever the record says.
    rmSync(p.at('apps/server/dist/store.js'));
    p.start();
    expect(p.builds()).toBe(4);
  },
);

test('a failing build step shows its whole output and stops the start', { timeout: 60_000 }, () => {
  const p = project();
  p.write(
    'build.mjs',
    `console.log('> @bindery/server build');
     console.error('src/main.ts(3,7): error TS2322: Type "string" is not assignable to type "number".');
     process.exit(2);`,
  );
  const run = spawnSync(process.execPath, [p.at('scripts/build-if-stale.mjs')], {
    cwd: p.at('.'),
    encoding: 'utf8',
  });
  expect(run.status).toBe(2);
  expect(run.stdout).toBe('Building the store (first start, or a source changed)… failed:\n\n');
  expect(run.stderr).toContain('> @bindery/server build\n');
  expect(run.stderr).toContain(
    'src/main.ts(3,7): error TS2322: Type "string" is not assignable to type "number".',
  );
  expect(run.stderr).toContain(
    'The build failed (its output is above, and in node_modules/.cache/bindery/build.log).',
  );
});
