import { expect, test } from 'vitest';
import { createAfterAnswer } from './after-answer.js';

test('work after the answer runs later, in order; a failure is reported and the queue goes on', async () => {
  const reported: Array<[string, string]> = [];
  const done: string[] = [];
  const queue = createAfterAnswer((error, job) => reported.push([job, (error as Error).message]));
  queue.run('first', async () => {
    done.push('first');
    queue.run('third', async () => void done.push('third'));
  });
  queue.run('second', async () => {
    throw new Error('database gone');
  });
  // Nothing runs in the turn that queued it: the answer goes first.
  expect(done).toEqual([]);
  await queue.settled();
  expect(done).toEqual(['first', 'third']);
  expect(reported).toEqual([['second', 'database gone']]);
});
