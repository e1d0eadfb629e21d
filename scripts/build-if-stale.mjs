// `npm start` builds the store only when its sources changed since the last build, so a start
// after the first takes about a second instead of the build's fifteen or so.
//
//   node scripts/build-if-stale.mjs           builds (npm run build) when stale, else says so
//   node scripts/build-if-stale.mjs --record  notes the current sources as built (end of build)
//
// "Changed" is decided by content, not modification times (a fresh clone or a branch switch
// touches every file): a hash of every file the build reads, compared with the one recorded.
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const record = path.join(root, 'node_modules/.cache/bindery/build-inputs.sha256');

/** What the build reads: sources (tests left out), configs, the lock file. */
const INPUTS = [
  'package-lock.json',
  'tsconfig.base.json',
  'packages/shared/src',
  'packages/shared/package.json',
  'packages/shared/tsconfig.json',
  'packages/shared/tsconfig.build.json',
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/build-tools',
  'apps/web/package.json',
  'apps/web/tsconfig.json',
  'apps/server/src',
  'apps/server/build-tools',
  'apps/server/package.json',
  'apps/server/tsconfig.json',
  'apps/server/tsconfig.build.json',
];

/** What a finished build leaves behind: without any of them, it builds whatever the record says. */
const OUTPUTS = [
  'packages/shared/dist',
  'apps/web/dist/index.html',
  'apps/web/dist-ssr/entry-server.js',
  'apps/server/dist/store.js',
];

const isTest = (name) => /\.test\.tsx?$/.test(name) || name === 'test';

function* filesOf(relative) {
  const absolute = path.join(root, relative);
  if (!existsSync(absolute)) return;
  const entries = readdirSync(absolute, { withFileTypes: true });
  for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
    if (isTest(entry.name)) continue;
    const child = path.join(relative, entry.name);
    if (entry.isDirectory()) yield* filesOf(child);
    else if (entry.isFile()) yield child;
  }
}

function inputsHash() {
  const hash = createHash('sha256');
  for (const input of INPUTS) {
    const absolute = path.join(root, input);
    if (!existsSync(absolute)) continue;
    const files = statSync(absolute).isDirectory() ? [...filesOf(input)] : [input];
    for (const file of files) {
      hash.update(`${file}\0`);
      hash.update(readFileSync(path.join(root, file)));
      hash.update('\0');
    }
  }
  return hash.digest('hex');
}

const current = inputsHash();
if (process.argv.includes('--record')) {
  mkdirSync(path.dirname(record), { recursive: true });
  writeFileSync(record, `${current}\n`);
} else {
  const built = OUTPUTS.every((output) => existsSync(path.join(root, output)));
  const recorded = existsSync(record) ? readFileSync(record, 'utf8').trim() : '';
  if (built && recorded === current) {
    console.log('The build is up to date (npm run build rebuilds anyway).');
  } else {
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    const result = spawnSync(npm, ['run', 'build'], { cwd: root, stdio: 'inherit' });
    process.exit(result.status ?? 1);
  }
}
