import { setImmediate as nextTurn } from 'node:timers/promises';
import type { SearchIndexRow } from './catalog-search.repo.js';
import { createIndexBuilder, type SearchIndex } from './search-index.js';
import { searchIndex, type IndexedSearchPage } from './search-index-query.js';
import type { IndexGeneration } from './listed-cards.js';

/** Products read per batch while building: one short query, then other requests get a turn. */
const BATCH = 500;

/** What building the index reads. */
export interface SearchIndexSource {
  readState(): Promise<{ version: number }>;
  searchIndexRows(
    after: { createdAt: number; id: string } | undefined,
    limit: number,
  ): Promise<SearchIndexRow[]>;
}

interface KeptIndex {
  index: SearchIndex;
  /** The catalogue version it was built from. */
  version: number;
  /** Writes made here when its build started (any later one makes it stale). */
  localWrites: number;
  /** Which build it is, counted from 1 (what its searches' cards are kept under). */
  generation: IndexGeneration;
}

/**
 * The index of the catalogue as of one version, read in batches; undefined when the catalogue
 * changed while it read (what it read is then a mix of two versions) or the store closes.
 */
async function readIndex(
  source: SearchIndexSource,
  isClosed: () => boolean,
): Promise<{ index: SearchIndex; version: number; ms: number } | undefined> {
  const started = performance.now();
  const { version } = await source.readState();
  const builder = createIndexBuilder();
  let after: { createdAt: number; id: string } | undefined;
  for (;;) {
    if (isClosed()) return undefined;
    const rows = await source.searchIndexRows(after, BATCH);
    for (const row of rows) {
      builder.add({
        id: row.id,
        searchTitle: row.searchTitle,
        searchSubtitle: row.searchSubtitle,
        searchDescription: row.searchDescription,
        format: row.digitalFileFormat,
      });
    }
    if (rows.length < BATCH) break;
    const last = rows[rows.length - 1]!;
    after = { createdAt: last.createdAt, id: last.id };
    await nextTurn();
  }
  if ((await source.readState()).version !== version) return undefined;
  return { index: builder.finish(), version, ms: performance.now() - started };
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
  onBuilt: (report: BuildReport) => void = () => {},
  onFailed: (error: unknown) => void = () => {},
) {
  let kept: KeptIndex | undefined;
  let builds = 0;
  let latestVersion: number | undefined; // As the change check last read it.
  let localWrites = 0;
  let [building, closed] = [false, false];
  let nextBuildAt = 0; // Builds take at most half the time (a busy admin's edits).
  let retry: NodeJS.Timeout | undefined;
  let wanted = false; // Someone searched: from then on the index is kept.
  const isCurrent = (index?: KeptIndex): index is KeptIndex =>
    isOf(index, latestVersion, localWrites);

  /** A new index; none when a write here came while it read (the version would tell too). */
  async function build(): Promise<KeptIndex | undefined> {
    const writesBefore = localWrites;
    const read = await readIndex(source, () => closed);
    if (!read || localWrites !== writesBefore) return undefined;
    nextBuildAt = Date.now() + read.ms;
    onBuilt({ products: read.index.size, bytes: read.index.bytes, ms: read.ms });
    builds += 1;
    return { ...read, localWrites: writesBefore, generation: builds };
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
        nextBuildAt = Date.now() + 5000;
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
    /** A page of a search and the index build it read, or undefined while none is current. */
    search(
      terms: string[],
      offset: number,
      limit: number,
      candidates: number,
    ): (IndexedSearchPage & { generation: IndexGeneration }) | undefined {
      if (!wanted) {
        wanted = true;
        refresh();
      }
      if (!isCurrent(kept)) return undefined;
      const page = searchIndex(kept.index, terms, offset, limit, candidates);
      return { ...page, generation: kept.generation };
    },
    /** Whether searches are answered from the index now (tests wait for it). */
    isCurrent: () => isCurrent(kept),
    /** Stops building and lets the index go (the store closes). */
    close() {
      closed = true;
      clearTimeout(retry);
      kept = undefined;
    },
  };
}

export type SearchIndexKeeper = ReturnType<typeof createSearchIndexKeeper>;
