import { describe, expect, test } from 'vitest';
import { testDb } from '../../test/build-test-app.js';
import { batchedByTurn } from './batched-reads.js';

// The page rows of the searches of one turn of the event loop, read by one query (PostgreSQL):
// pure, so this runs once.

/** A read of rows by id that records what it was asked. */
function recordingRead(known: string[]) {
  const asked: string[][] = [];
  const read = async (ids: string[]) => {
    asked.push(ids);
    return known.filter((id) => ids.includes(id)).map((id) => ({ id, title: `Title ${id}` }));
  };
  return { asked, read };
}

describe.skipIf(testDb === 'postgres')('reads by id batched by turn', () => {
  test('one read for the callers of one turn, each given its own rows in its order', async () => {
    const { asked, read } = recordingRead(['a', 'b', 'c', 'd']);
    const rows = batchedByTurn(read);
    const [first, second, third] = await Promise.all([
      rows(['c', 'a']),
      rows(['b', 'missing', 'c']),
      rows(['d']),
    ]);
    expect(asked).toEqual([['c', 'a', 'b', 'missing', 'd']]);
    expect(first!.map((row) => row.id)).toEqual(['c', 'a']);
    expect(second!.map((row) => row.id)).toEqual(['b', 'c']);
    expect(third).toEqual([{ id: 'd', title: 'Title d' }]);
  });

  test('callers in separate callbacks of one turn (as the requests of connections are) share one read', async () => {
    const { asked, read } = recordingRead(['a', 'b']);
    const rows = batchedByTurn(read);
    // Two callbacks of one phase of the loop, each followed by its microtasks.
    const pages = await new Promise<Array<Promise<Array<{ id: string }>>>>((resolve) => {
      const started: Array<Promise<Array<{ id: string }>>> = [];
      setImmediate(() => started.push(rows(['a'])));
      setImmediate(() => resolve([...started, rows(['b'])]));
    });
    expect((await Promise.all(pages)).map((page) => page.map((row) => row.id))).toEqual([
      ['a'],
      ['b'],
    ]);
    expect(asked).toEqual([['a', 'b']]);
  });

  test('callers of later turns get reads of their own; no ids, no read', async () => {
    const { asked, read } = recordingRead(['a', 'b']);
    const rows = batchedByTurn(read);
    expect(await rows(['a'])).toEqual([{ id: 'a', title: 'Title a' }]);
    expect(await rows([])).toEqual([]);
    expect(await rows(['b'])).toEqual([{ id: 'b', title: 'Title b' }]);
    expect(asked).toEqual([['a'], ['b']]);
  });

  test('a failed read fails every caller of its turn, and the next turn reads again', async () => {
    let fail = true;
    const rows = batchedByTurn(async (ids: string[]) => {
      if (fail) throw new Error('connection lost');
      return ids.map((id) => ({ id }));
    });
    const outcomes = await Promise.allSettled([rows(['a']), rows(['b'])]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['rejected', 'rejected']);
    fail = false;
    expect(await rows(['a'])).toEqual([{ id: 'a' }]);
  });
});
