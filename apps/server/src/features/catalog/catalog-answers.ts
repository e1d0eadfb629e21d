import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** The encodings a cached answer is kept in besides plain bytes, best first. */
export const ANSWER_ENCODINGS = ['br', 'gzip'] as const;
export type AnswerEncoding = (typeof ANSWER_ENCODINGS)[number];

/** Answers smaller than this go out as they are: compressing them saves less than a packet. */
const COMPRESS_FROM_BYTES = 1024;

/**
 * A public catalogue answer (a page of products, a search, one product), serialized and
 * compressed once and kept with its validator: serving it again is a lookup, not a query, a
 * serialization and a compression.
 */
export interface CatalogAnswer {
  body: Buffer;
  /** Weak: the same answer in another encoding carries the same validator. */
  etag: string;
  /** The body in each encoding; none for a body too small to be worth compressing. */
  compressed: Partial<Record<AnswerEncoding, Buffer>>;
  /** Memory the answer holds. */
  bytes: number;
}

export function toAnswer(value: unknown): CatalogAnswer {
  const body = Buffer.from(JSON.stringify(value));
  const hash = createHash('sha256').update(body).digest('base64url').slice(0, 22);
  const compressed: CatalogAnswer['compressed'] = {};
  if (body.length >= COMPRESS_FROM_BYTES) {
    compressed.br = brotliCompressSync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 5,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    });
    compressed.gzip = gzipSync(body, { level: 6 });
  }
  const bytes = body.length + (compressed.br?.length ?? 0) + (compressed.gzip?.length ?? 0);
  return { body, etag: `W/"${hash}"`, compressed, bytes };
}

/**
 * Catalogue answers kept in memory, least recently used out first once they pass `maxBytes`.
 * `invalidate()` drops them all: the catalogue calls it after its own writes, and a watcher of
 * the database's catalogue version calls it when another instance wrote. An answer computed
 * while a write landed is handed to the requests that were waiting for it but never kept.
 * Concurrent requests for the same missing answer share one computation.
 */
export function createAnswerCache(maxBytes: number) {
  const kept = new Map<string, CatalogAnswer>();
  const pending = new Map<string, Promise<CatalogAnswer>>();
  let generation = 0;
  let bytes = 0;

  function keep(key: string, answer: CatalogAnswer) {
    kept.set(key, answer);
    bytes += answer.bytes;
    for (const [oldest, old] of kept) {
      if (bytes <= maxBytes) break;
      kept.delete(oldest);
      bytes -= old.bytes;
    }
  }

  return {
    get(key: string, make: () => Promise<CatalogAnswer>): Promise<CatalogAnswer> {
      const hit = kept.get(key);
      if (hit) {
        // Most recently used last, so eviction takes the coldest answers first.
        kept.delete(key);
        kept.set(key, hit);
        return Promise.resolve(hit);
      }
      const shared = pending.get(key);
      if (shared) return shared;
      const startedIn = generation;
      const made = make()
        .then((answer) => {
          if (generation === startedIn) keep(key, answer);
          return answer;
        })
        .finally(() => {
          if (pending.get(key) === made) pending.delete(key);
        });
      pending.set(key, made);
      return made;
    },

    invalidate() {
      generation += 1;
      kept.clear();
      pending.clear();
      bytes = 0;
    },

    /** How much the kept answers take, for tests of the bound. */
    size: () => ({ answers: kept.size, bytes }),
  };
}

export type AnswerCache = ReturnType<typeof createAnswerCache>;
