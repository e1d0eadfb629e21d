// `npm start` builds the store only when its sources changed since the last build, so a start
// after the first takes seconds instead of the build's minute or more on a small machine.
//
//   node scripts/build-if-stale.mjs           builds (npm run build) when stale, quietly, else
//                                              prints nothing
//   node scripts/build-if-stale.mjs --record  notes the current sources as built (end of build)
//
// "Changed" is decided by content, not modification times (a fresh clone or a branch switch
// touches every file): a hash of every file the build reads, compared with the one recorded.
//
// The build's own output (about 150 lines of compiler and bundler listings) would bury what
// start-up says after it, the first admin password included: it goes to a log file, and only
// one line is shown, unless a step fails, when the whole output is shown. `npm run build` run
// directly still shows everything.
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const cacheDir = path.join(root, 'node_modules/.cache/bindery');
const record = path.join(cacheDir, 'build-inputs.sha256');
/** The last quiet build's whole output, kept for a look after the fact. */
const buildLog = path.join(cacheDir, 'build.log');

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

/** `npm run build` with its output in the log file; one line here, or everything on failure. */
function buildQuietly() {
  mkdirSync(cacheDir, { recursive: true });
  process.stdout.write('Building the store (first start, or a source changed)… ');
  const started = Date.now();
  const log = openSync(buildLog, 'w');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  let result;
  try {
    result = spawnSync(npm, ['run', 'build'], { cwd: root, stdio: ['ignore', log, log] });
  } finally {
    closeSync(log);
  }
  if (result.status === 0) {
    console.log(`done in ${Math.round((Date.now() - started) / 1000)} s`);
    return 0;
  }
  console.log('failed:\n');
  process.stderr.write(readFileSync(buildLog, 'utf8'));
  if (result.error) console.error(result.error.message);
  console.error(
    `\nThe build failed (its output is above, and in ${path.relative(root, buildLog)}).`,
  );
  return result.status ?? 1;
}

const current = inputsHash();
if (process.argv.includes('--record')) {
  mkdirSync(cacheDir, { recursive: true });
  writeFileSync(record, `${current}\n`);
} else {
  const built = OUTPUTS.every((output) => existsSync(path.join(root, output)));
  const recorded = existsSync(record) ? readFileSync(record, 'utf8').trim() : '';
  if (!built || recorded !== current) process.exit(buildQuietly());
}
