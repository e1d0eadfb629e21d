import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';
import { postgresFiles, postgresFolders } from './postgres-suite.js';

const root = fileURLToPath(new URL('../..', import.meta.url));

function testFiles(folder: string): string[] {
  return readdirSync(path.join(root, folder), { withFileTypes: true }).flatMap((entry) => {
    const name = `${folder}/${entry.name}`;
    if (entry.isDirectory()) return testFiles(name);
    return name.endsWith('.test.ts') ? [name] : [];
  });
}

const runsOnPostgres = (file: string) =>
  postgresFiles.includes(file) || postgresFolders.some((folder) => file.startsWith(`${folder}/`));

/**
 * Code that only means something on PostgreSQL: a scratch database, the suite's server, or
 * `testDb` used for more than skipping PostgreSQL (a branch per engine, the engine in a name).
 */
function isWrittenForPostgres(source: string): boolean {
  if (/createScratchDatabase|openTestDatabase|inject\(\s*'postgres/.test(source)) return true;
  const uses = source
    .replace(/import\s*{[^}]*}\s*from\s*'[^']*build-test-app\.js';/g, '')
    .replace(/skipIf\(\s*testDb === 'postgres'\s*\)/g, '');
  return /\btestDb\b/.test(uses);
}

test('every test file written for PostgreSQL runs on PostgreSQL (postgres-suite.ts)', () => {
  const self = 'src/test/suite-split.test.ts';
  const missing = testFiles('src').filter(
    (file) =>
      file !== self &&
      !runsOnPostgres(file) &&
      isWrittenForPostgres(readFileSync(path.join(root, file), 'utf8')),
  );
  expect(missing, 'add these to postgresFiles in src/test/postgres-suite.ts').toEqual([]);
});

test('every folder and file the PostgreSQL project names exists and holds tests', () => {
  const stale = [
    ...postgresFolders.filter(
      (folder) => !existsSync(path.join(root, folder)) || testFiles(folder).length === 0,
    ),
    ...postgresFiles.filter((file) => !existsSync(path.join(root, file))),
  ];
  expect(stale).toEqual([]);
});
