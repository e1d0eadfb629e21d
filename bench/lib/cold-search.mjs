// The cold search case of the API section (issue 29): searches the store has never answered,
// each asked exactly once, on a store started afresh (no kept answer, nothing warmed up), against
// the bare server sending the very same answers. The worst case for the kept answers: a shop's
// long tail of searches, each seen once.
import { coldSearchMix } from './catalogue.mjs';
import { setTimeout as sleep } from 'node:timers/promises';
import { drive, fetchAnswer, pool } from './load.mjs';

/**
 * Each new connection's first request in a store round, neither timed nor counted. Node's event
 * loop (libuv) accepts one new connection per turn, and a turn of a store busy with the searches
 * of the connections it has lasts some 15 ms: the fiftieth connection of a round waited most of
 * a second to be accepted, and the round's p99 was that wait, not a search's. The bare server's
 * turns last microseconds: its rounds are driven as before.
 */
const OPENER = '/api/health';

/** Logged by the store once its in-memory search index is built (decision 041). */
const INDEX_READY = /search index built/;

/**
 * Asks `store` one search (the first search has the store build its index) and waits until the
 * index is built: searches then go to it, not to the database.
 */
export async function untilIndexed(store, searchPath) {
  const answer = await fetchAnswer(store.base, searchPath);
  if (answer.status !== 200) throw new Error(`GET ${searchPath} answered ${answer.status}`);
  const deadline = Date.now() + 600_000;
  while (!INDEX_READY.test(store.log())) {
    if (Date.now() > deadline) throw new Error('the store built no search index in 10 minutes');
    await sleep(20);
  }
}

/**
 * Runs the cold mix: `rounds` rounds of distinct searches (no search in two rounds), each asked
 * of the store exactly once, then of the bare server for `bareSeconds` (it keeps nothing, so
 * asking it again costs it the same). `restart()` starts the store afresh and resolves to its
 * base URL once its index is ready; it is called once, after the answers were recorded
 * (recording asked every search once, which would have kept their answers). `warmUp` are other
 * searches, asked once before the rounds, so the figures are of a running store's code (not of
 * its first minute) and still of answers it never kept.
 */
export async function runColdSearch({
  paths,
  bareBase,
  restart,
  rounds,
  bareSeconds,
  connections,
  settle,
  warmUp,
}) {
  const storeBase = await restart();
  await drive({ base: storeBase, paths: warmUp, connections, amount: warmUp.length });
  await settle(storeBase);
  const bareRuns = [];
  const storeRuns = [];
  const perRound = paths.length / rounds;
  for (let round = 0; round < rounds; round += 1) {
    const roundPaths = paths.slice(round * perRound, (round + 1) * perRound);
    bareRuns.push(
      await drive({ base: bareBase, paths: roundPaths, connections, seconds: bareSeconds }),
    );
    storeRuns.push(
      await drive({
        base: storeBase,
        paths: roundPaths,
        connections,
        amount: roundPaths.length,
        opening: OPENER,
      }),
    );
    await settle(storeBase);
  }
  return { bare: pool(bareRuns), store: pool(storeRuns) };
}

/** The distinct searches of a cold run, and as many others to warm the store's code up with. */
export function coldPaths(rounds, perRound) {
  const all = coldSearchMix((rounds + 1) * perRound);
  return { measured: all.slice(perRound), warmUp: all.slice(0, perRound) };
}
