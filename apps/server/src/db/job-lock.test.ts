import { sql } from 'kysely';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { createScratchDatabase, openTestDatabase, testDb } from '../test/build-test-app.js';
import { openDatabase, type DatabaseHandle } from './client.js';
import { createJobLock } from './job-lock.js';

/** A job that runs until released, so a second instance can try it meanwhile. */
function heldJob() {
  let release: () => void = () => {};
  let started: () => void = () => {};
  const isRunning = new Promise<void>((resolve) => (started = resolve));
  const done = new Promise<void>((resolve) => (release = resolve));
  return {
    isRunning,
    release: () => release(),
    run: async () => {
      started();
      await done;
    },
  };
}

/** Resolves once a session on this database waits for an advisory lock it was not granted. */
async function waitForLockWaiter(handle: DatabaseHandle) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const { rows } = await sql<{ pid: number }>`
      select pid from pg_locks
      where locktype = 'advisory' and not granted
        and database = (select oid from pg_database where datname = current_database())
    `.execute(handle.db);
    if (rows.length > 0) return;
    if (Date.now() > deadline) throw new Error('no session waits for the lock');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

if (testDb === 'postgres') {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let first: DatabaseHandle;
  let second: DatabaseHandle;
  beforeEach(async () => {
    scratch = await createScratchDatabase('bindery_jobs');
    first = openDatabase({ kind: 'postgres', url: scratch.url });
    second = openDatabase({ kind: 'postgres', url: scratch.url });
  });
  afterEach(async () => {
    await first.close();
    await second.close();
    await scratch.drop();
  });

  test('a job running on one instance is skipped by another, and runs there once it is done', async () => {
    const job = heldJob();
    const one = createJobLock(first).ifFree;
    const other = createJobLock(second).ifFree;
    const running = one('reconcile', job.run);
    await job.isRunning;

    let ranElsewhere = 0;
    expect(await other('reconcile', async () => void ranElsewhere++)).toBe(false);
    expect(ranElsewhere).toBe(0);
    // Another job is not held up by this one.
    expect(await other('uploadSweep', async () => void ranElsewhere++)).toBe(true);
    expect(ranElsewhere).toBe(1);

    job.release();
    expect(await running).toBe(true);
    expect(await other('reconcile', async () => void ranElsewhere++)).toBe(true);
    expect(ranElsewhere).toBe(2);
  });

  test('a job asked for in turn waits for the other instance to finish it, then runs', async () => {
    const job = heldJob();
    const steps: string[] = [];
    const running = createJobLock(first).inTurn('storeSetup', async () => {
      await job.run();
      steps.push('first done');
      return 'first';
    });
    await job.isRunning;
    const waiting = createJobLock(second).inTurn('storeSetup', async () => {
      steps.push('second ran');
      return 'second';
    });
    await waitForLockWaiter(second);
    expect(steps).toEqual([]);
    job.release();
    expect(await Promise.all([running, waiting])).toEqual(['first', 'second']);
    expect(steps).toEqual(['first done', 'second ran']);
  });

  test('a failing job lets the lock go', async () => {
    const one = createJobLock(first).ifFree;
    await expect(
      one('sessionPurge', async () => {
        throw new Error('purge failed');
      }),
    ).rejects.toThrow('purge failed');
    let ran = false;
    expect(await createJobLock(second).ifFree('sessionPurge', async () => void (ran = true))).toBe(
      true,
    );
    expect(ran).toBe(true);
  });

  test('an instance whose connection dies mid-job lets the lock go with it', async () => {
    const job = heldJob();
    const running = createJobLock(first).ifFree('reconcile', job.run);
    // Released whatever happens: a job left running keeps its connection, and closing the pool
    // would wait for it forever.
    try {
      await job.isRunning;
      first.onConnectionError(() => {});
      const other = createJobLock(second).ifFree;
      expect(await other('reconcile', async () => {})).toBe(false);
      // As when the instance's process dies: its backend goes, and the lock with it.
      const { rows } = await sql<{ pid: number }>`
        select pid from pg_locks
        where locktype = 'advisory' and granted and objid = 1
          and database = (select oid from pg_database where datname = current_database())
      `.execute(second.db);
      expect(rows).toHaveLength(1);
      // With a timeout, the call waits until the backend has exited (without, it only signals
      // it, and the lock may still be held when the other instance asks).
      const { rows: terminated } = await sql<{ done: boolean }>`
        select pg_terminate_backend(${rows[0]!.pid}, 10000) as done
      `.execute(second.db);
      expect(terminated[0]?.done).toBe(true);
      let ran = false;
      expect(await other('reconcile', async () => void (ran = true))).toBe(true);
      expect(ran).toBe(true);
    } finally {
      job.release();
    }
    await expect(running).rejects.toThrow();
  });
} else {
  test('a SQLite store is one process: the job simply runs', async () => {
    const handle = await openTestDatabase();
    try {
      let runs = 0;
      const { ifFree: runExclusive } = createJobLock(handle);
      expect(await runExclusive('reconcile', async () => void runs++)).toBe(true);
      expect(await runExclusive('reconcile', async () => void runs++)).toBe(true);
      expect(runs).toBe(2);
    } finally {
      await handle.close();
    }
  });
}
