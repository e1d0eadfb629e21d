import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from 'vitest';
import { DataDirLockedError, openDatabase } from './client.js';
import { migrate } from './migrate.js';

test('a second process cannot open the same SQLite data directory', async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bindery-lock-'));
  const filename = path.join(dir, 'bindery.db');
  const first = openDatabase({ kind: 'sqlite', filename });
  try {
    await migrate(first);
    expect(() => openDatabase({ kind: 'sqlite', filename })).toThrow(DataDirLockedError);
    expect(() => openDatabase({ kind: 'sqlite', filename })).toThrow(`(pid ${process.pid})`);
    // The first holder keeps working.
    await first.db.selectFrom('users').selectAll().execute();
  } finally {
    await first.close();
  }
  // Once closed, the directory can be opened again.
  const again = openDatabase({ kind: 'sqlite', filename });
  await again.close();
  rmSync(dir, { recursive: true, force: true });
});

test('migrations are idempotent', async () => {
  const handle = openDatabase({ kind: 'sqlite', filename: ':memory:' });
  expect((await migrate(handle)).length).toBeGreaterThan(0);
  expect(await migrate(handle)).toEqual([]);
  await handle.close();
});
