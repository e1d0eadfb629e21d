import { setImmediate as nextTurn } from 'node:timers/promises';
import type { SearchIndexRow } from './catalog-search.repo.js';
import type { IndexSearch } from './search-index-host.js';
import type { IndexedSearchPage } from './search-index-query.js';
import { createIndexThread, type IndexThread } from './search-index-thread.js';
import type { IndexGeneration } from './listed-cards.js';

/** Products read per batch while building: one short query, then other requests get a turn. */
const BATCH = 500;

/** How long after a failed build (or a lost thread) the next one starts, by default. */
const RETRY_MS = 5000;

/** What building the index reads. */
export interface SearchIndexSource {
  readState(): Promise<{ version: number }>;
  searchIndexRows(
    after: { createdAt: number; id: string } | undefined,
    limit: number,
  ): Promise<SearchIndexRow[]>;
}

/** The build the index thread holds, as the keeper knows it. */
interface KeptIndex {
  /** The catalogue version it was built from. */
  version: number;
  /** Writes made here when its build started (any later one makes it stale). */
  localWrites: number;
  /** Which build it is (what the thread and its searches' cards know it by). */
  generation: IndexGeneration;
}

/**
 * Sends the catalogue as of one version to the index thread as build `build`, in batches, and
 * has it finish the build; undefined when `goOn` turned false (a write here, the store closing)
 * or the catalogue changed while it read (what it read is then a mix of two versions).
 */
async function readIndex(
  source: SearchIndexSource,
  thread: IndexThread,
  build: number,
  goOn: () => boolean,
): Promise<{ products: number; bytes: number; version: number; ms: number } | undefined> {
  const started = performance.now();
  const { version } = await source.readState();
  thread.begin(build);
  let after: { createdAt: number; id: string } | undefined;
  for (;;) {
    if (!goOn()) return abandoned(thread, build);
    const rows = await source.searchIndexRows(after, BATCH);
    thread.add(
      build,
      rows.map((row) => ({
        id: row.id,
        searchTitle: row.searchTitle,
        searchSubtitle: row.searchSubtitle,
        searchDescription: row.searchDescription,
        format: row.digitalFileFormat,
      })),
    );
    if (rows.length < BATCH) break;
    const last = rows[rows.length - 1]!;
    after = { createdAt: last.createdAt, id: last.id };
    await nextTurn();
  }
  if ((await source.readState()).version !== version || !goOn()) return abandoned(thread, build);
  const built = await thread.finish(build);
  return { ...built, version, ms: performance.now() - started };
}

function abandoned(thread: IndexThread, build: number): undefined {
  thread.abandon(build);
  return undefined;
}

/** Whether `index` holds this catalogue version and no write here came after its build began. */
const isOf = (index: KeptIndex | undefined, version: number | undefined, writes: number) =>
  index !== undefined && index.version === version && index.localWrites === writes;

/** What a build reports (the log line). */
type BuildReport = { products: number; bytes: number; ms: number };

/** A timer that does not keep the process alive. */
function unrefTimeout(ms: number, run: () => void): NodeJS.Timeout {
  const timer = setTimeout(run, ms);
  timer.unref();
  return timer;
}

/** A page of a search of a build, with it; undefined when the thread holds another, or is lost. */
async function pageOf(
  thread: IndexThread,
  search: IndexSearch,
): Promise<(IndexedSearchPage & { generation: IndexGeneration }) | undefined> {
  const page = await thread.search(search).catch(() => null);
  return page ? { ...page, generation: search.build } : undefined;
}

export interface KeeperOptions {
  /** A build is done (the log line). */
  onBuilt?: (report: BuildReport) => void;
  /** A build failed or the index's thread was lost: the database answers meanwhile. */
  onFailed?: (error: unknown) => void;
  /** How long after a failure the next build starts. */
  retryMs?: number;
}

/**
 * Keeps the in-memory search index in step with the catalogue (decision 041). It is built in the
 * background after the first search (a store nobody searches holds no index), and again
 * whenever the catalogue's version moves (a write here or on another instance, seen by the
 * quarter-second check). Until a build of the current version is done, `search` answers
 * undefined and the database's search answers: a search never shows what the catalogue no
 * longer holds, nor misses what it just got (here at once, elsewhere once the check saw it).
 */
export function createSearchIndexKeeper(
  source: SearchIndexSource,
  { onBuilt = () => {}, onFailed = () => {}, retryMs = RETRY_MS }: KeeperOptions = {},
) {
  let kept: KeptIndex | undefined;
  let builds = 0; // Builds started, each one's generation.
  let latestVersion: number | undefined; // As the change check last read it.
  let localWrites = 0;
  let [building, closed] = [false, false];
  let nextBuildAt = 0; // Builds take at most half the time (a busy admin's edits).
  let retry: NodeJS.Timeout | undefined;
  let wanted = false; // Someone searched: from then on the index is kept.
  const isCurrent = (index?: KeptIndex): index is KeptIndex =>
    isOf(index, latestVersion, localWrites);
  const thread = createIndexThread((error) => {
    // The index went with the thread: the database answers until a build on a new one is done.
    kept = undefined;
    nextBuildAt = Date.now() + retryMs;
    if (!building) onFailed(error); // A build under way reports its own failure.
    refresh();
  });

  /** A new index; none when a write here came while it read (the version would tell too). */
  async function build(): Promise<KeptIndex | undefined> {
    const writesBefore = localWrites;
    const generation = (builds += 1);
    const goOn = () => !closed && localWrites === writesBefore;
    const read = await readIndex(source, thread, generation, goOn);
    if (!read) return undefined;
    nextBuildAt = Date.now() + read.ms;
    onBuilt({ products: read.products, bytes: read.bytes, ms: read.ms });
    return { version: read.version, localWrites: writesBefore, generation };
  }

  /** Starts a build when the kept index is not current and none runs. */
  function refresh() {
    if (closed || building || !wanted || latestVersion === undefined || isCurrent(kept)) return;
    const wait = nextBuildAt - Date.now();
    if (wait > 0) {
      retry ??= unrefTimeout(wait, () => {
        retry = undefined;
        refresh();
      });
      return;
    }
    building = true;
    build()
      .then((built) => {
        if (built) kept = built;
      })
      .catch((error: unknown) => {
        nextBuildAt = Date.now() + retryMs;
        onFailed(error);
      })
      .finally(() => {
        building = false;
        refresh();
      });
  }

  return {
    /** The change check read this catalogue version. */
    versionSeen(version: number) {
      latestVersion = version;
      refresh();
    },
    /** A product was written here: the index is stale from now on. */
    written() {
      localWrites += 1;
      refresh();
    },
    /**
     * A page of a search and the index build it read, or undefined while none is current (or
     * the thread was lost, or has just finished a newer build): the database answers then.
     */
    search(terms: string[], offset: number, limit: number, candidates: number) {
      if (!wanted) {
        wanted = true;
        refresh();
      }
      if (!isCurrent(kept)) return Promise.resolve(undefined);
      return pageOf(thread, { build: kept.generation, terms, offset, limit, candidates });
    },
    /** Whether searches are answered from the index now (tests wait for it). */
    isCurrent: () => isCurrent(kept),
    /** Stops building and ends the index's thread (the store closes). */
    async close() {
      closed = true;
      clearTimeout(retry);
      kept = undefined;
      await thread.close();
    },
  };
}

export type SearchIndexKeeper = ReturnType<typeof createSearchIndexKeeper>;
