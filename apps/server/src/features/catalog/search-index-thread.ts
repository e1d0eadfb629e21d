// The search index on a thread of its own (decision 041, the sixth pass): a cold search's walk
// of the index, and every build, run beside the HTTP server instead of between its requests.
// The main thread reads the catalogue and the page's rows; the thread holds only the index.
import { Worker } from 'node:worker_threads';
import type { IndexedProduct } from './search-index.js';
import type { BuiltIndex, IndexSearch } from './search-index-host.js';
import type { IndexedSearchPage } from './search-index-query.js';

/** What the main thread asks of the index's thread (search-index-worker.ts answers). */
export type ThreadRequest =
  | { kind: 'add'; build: number; products: IndexedProduct[] }
  | { kind: 'abandon'; build: number }
  | { kind: 'finish'; id: number; build: number }
  | { kind: 'search'; id: number; search: IndexSearch };

/** The answer to a request with an id: its result, or why it failed. */
export type ThreadReply = { id: number; result: unknown } | { id: number; error: string };

/**
 * The thread, started from the module beside this one: the built JavaScript (dist/, and the
 * bundle's own copy beside dist/store.js), or under tsx (tests, `npm run dev`) the TypeScript
 * source, which Node cannot load by itself.
 */
function startWorker(): Worker {
  const here = import.meta.url;
  if (!here.endsWith('.ts')) return new Worker(new URL('./search-index-worker.js', here));
  const source = new URL('./search-index-worker.ts', here).href;
  const tsx = import.meta.resolve('tsx/esm/api');
  const load = `import(${JSON.stringify(tsx)}).then(({ tsImport }) => tsImport(${JSON.stringify(source)}, ${JSON.stringify(here)}))`;
  return new Worker(load, { eval: true });
}

/**
 * The index's thread, started on first use and again after it was lost: `onLost` hears of a
 * thread that failed or exited (its index is gone with it), and every request waiting on it
 * fails with the same error.
 */
export function createIndexThread(onLost: (error: Error) => void) {
  let worker: Worker | undefined;
  let closing = false;
  let lastId = 0;
  // The build under way and the thread it is sent to: one lost during it is not sent the rest.
  let begun: { build: number; worker: Worker } | undefined;
  let lastLoss: Error | undefined;
  const waiting = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();

  function lose(which: Worker, error: Error) {
    if (worker !== which) return;
    worker = undefined;
    lastLoss = error;
    for (const request of waiting.values()) request.reject(error);
    waiting.clear();
    if (!closing) onLost(error);
  }

  function running(): Worker {
    if (worker) return worker;
    if (closing) throw new Error('the store is closing');
    const started = startWorker();
    // The thread never keeps the process alive: the store's own server does.
    started.unref();
    started.on('message', (reply: ThreadReply) => {
      const request = waiting.get(reply.id);
      if (!request) return;
      waiting.delete(reply.id);
      if ('error' in reply) request.reject(new Error(reply.error));
      else request.resolve(reply.result);
    });
    started.on('error', (error) => lose(started, error));
    started.on('exit', (code) => lose(started, new Error(`the thread exited with code ${code}`)));
    worker = started;
    return started;
  }

  function ask<T>(request: (id: number) => ThreadRequest): Promise<T> {
    const id = (lastId += 1);
    return new Promise<T>((resolve, reject) => {
      const thread = running();
      waiting.set(id, { resolve: resolve as (value: unknown) => void, reject });
      thread.postMessage(request(id));
    });
  }

  /** The thread build `build` is sent to; throws when the thread it began on was lost. */
  function buildingOn(build: number): Worker {
    if (begun?.build !== build || begun.worker !== worker) {
      throw new Error(`the thread was lost during the build: ${lastLoss?.message}`);
    }
    return begun.worker;
  }

  return {
    /** Build `build` starts: its products go to the thread running now (started if none). */
    begin(build: number) {
      begun = { build, worker: running() };
    },
    /** Products of build `build`, newest first, after those sent before. */
    add(build: number, products: IndexedProduct[]) {
      buildingOn(build).postMessage({ kind: 'add', build, products } satisfies ThreadRequest);
    },
    /** Build `build` will not be finished. */
    abandon(build: number) {
      if (begun?.build === build) begun = undefined;
      worker?.postMessage({ kind: 'abandon', build } satisfies ThreadRequest);
    },
    /** Build `build` is sent whole: the thread makes it its index and lets the older one go. */
    finish(build: number): Promise<BuiltIndex> {
      buildingOn(build);
      begun = undefined;
      return ask((id) => ({ kind: 'finish', id, build }));
    },
    /** A page of a search of build `build`; null when the thread holds another build. */
    search: (search: IndexSearch) =>
      ask<IndexedSearchPage | null>((id) => ({ kind: 'search', id, search })),
    /** Ends the thread (the store closes); requests waiting on it fail. */
    async close() {
      closing = true;
      await worker?.terminate();
    },
  };
}

export type IndexThread = ReturnType<typeof createIndexThread>;
