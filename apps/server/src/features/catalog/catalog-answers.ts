import { createHash } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { holdsVersion } from '../../lib/if-none-match.js';
import { createAskedBefore } from './asked-before.js';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** The encodings a cached answer is kept in besides plain bytes, best first. */
export const ANSWER_ENCODINGS = ['br', 'gzip'] as const;
export type AnswerEncoding = (typeof ANSWER_ENCODINGS)[number];

/** Answers smaller than this go out as they are: compressing them saves less than a packet. */
const COMPRESS_FROM_BYTES = 1024;

/**
 * A public catalogue answer (a page of products, a search, one product), serialized once and
 * kept with its validator, and compressed once per encoding the first time a client asks for it:
 * serving it again is a lookup, not a query, a serialization and a compression. Compressing on
 * first use spares the searches asked once (the long tail) and clients that take plain bytes.
 */
export interface CatalogAnswer {
  body: Buffer;
  /** Weak: the same answer in another encoding carries the same validator. */
  etag: string;
  /** The body in each encoding asked for so far (a body too small is never compressed). */
  compressed: Partial<Record<AnswerEncoding, Buffer>>;
  /** Memory the answer holds, with room for both compressed forms. */
  bytes: number;
}

export function toAnswer(value: unknown): CatalogAnswer {
  return toJsonAnswer(JSON.stringify(value));
}

/** The answer whose body is `json`, serialized already (as text, or as the bytes sent). */
export function toJsonAnswer(json: string | Buffer): CatalogAnswer {
  const body = typeof json === 'string' ? Buffer.from(json) : json;
  const hash = createHash('sha256').update(body).digest('base64url').slice(0, 22);
  // Compressed JSON of products takes about a fifth of its size in either encoding.
  const bytes = body.length + Math.ceil(body.length / 2);
  return { body, etag: `W/"${hash}"`, compressed: {}, bytes };
}

/** The answer's body in `encoding`, compressed on first use and kept; null when too small. */
function compressedBody(answer: CatalogAnswer, encoding: AnswerEncoding): Buffer | null {
  if (answer.body.length < COMPRESS_FROM_BYTES) return null;
  let body = answer.compressed[encoding];
  if (!body) {
    body =
      encoding === 'br'
        ? brotliCompressSync(answer.body, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: 5,
              [constants.BROTLI_PARAM_SIZE_HINT]: answer.body.length,
            },
          })
        : gzipSync(answer.body, { level: 6 });
    answer.compressed[encoding] = body;
  }
  return body;
}

/**
 * Public catalogue answers may be kept by browsers and shared caches, but must be checked with
 * the store (a cheap 304) before each use: a price changes the moment the admin saves it.
 */
const PUBLIC_CACHE = 'public, no-cache';

/** A kept answer made ready for one request: the status, the headers and the bytes to send. */
export interface PreparedAnswer {
  status: 200 | 304;
  headers: Readonly<Record<string, string>>;
  /** None for a 304. */
  body?: Buffer;
}

/**
 * How a kept answer goes out for a request: 304 when the client holds it already, otherwise its
 * bytes in the best encoding the client accepts, prepared once. `vary` names the request
 * headers the answer depends on. The route and the server's kept-answer lane both send this, so
 * the two can never answer the same request differently.
 */
export function prepareAnswer(
  answer: CatalogAnswer,
  request: Pick<IncomingHttpHeaders, 'if-none-match' | 'accept-encoding'>,
  vary: string,
): PreparedAnswer {
  if (holdsVersion(request['if-none-match'], answer.etag)) {
    return prepared(answer, vary, 'unchanged', () => ({
      status: 304,
      headers: { etag: answer.etag, 'cache-control': PUBLIC_CACHE, vary },
    }));
  }
  const encoding = preferredEncoding(request['accept-encoding']);
  const compressed = encoding ? compressedBody(answer, encoding) : null;
  return prepared(answer, vary, compressed ? encoding! : 'identity', () => ({
    status: 200,
    headers: {
      etag: answer.etag,
      'cache-control': PUBLIC_CACHE,
      vary,
      'content-type': 'application/json; charset=utf-8',
      ...(compressed ? { 'content-encoding': encoding! } : {}),
    },
    body: compressed ?? answer.body,
  }));
}

/**
 * Each way an answer goes out, made once: a request for a kept answer then allocates nothing
 * of its own. The prepared answers are shared, so nobody may change them.
 */
const preparedAnswers = new WeakMap<CatalogAnswer, Map<string, PreparedAnswer>>();

function prepared(
  answer: CatalogAnswer,
  vary: string,
  variant: string,
  make: () => PreparedAnswer,
): PreparedAnswer {
  let variants = preparedAnswers.get(answer);
  if (!variants) preparedAnswers.set(answer, (variants = new Map()));
  const key = `${variant} ${vary}`;
  let ready = variants.get(key);
  if (!ready) variants.set(key, (ready = make()));
  return ready;
}

/** The first of our encodings the client accepts (q=0 refuses one), or null for plain bytes. */
function preferredEncoding(acceptEncoding: string | undefined): AnswerEncoding | null {
  if (!acceptEncoding) return null;
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name = '', ...params] = part.trim().split(';');
    const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find(Boolean);
    accepted.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const wildcard = accepted.get('*');
  return ANSWER_ENCODINGS.find((encoding) => (accepted.get(encoding) ?? wildcard ?? 0) > 0) ?? null;
}

/**
 * Catalogue answers kept in memory, least recently used out first once they pass `maxBytes`.
 * `invalidate()` drops them all: the catalogue calls it after its own writes, and a watcher of
 * the database's catalogue version calls it when another instance wrote. An answer computed
 * while a write landed is handed to the requests that were waiting for it but never kept.
 * Concurrent requests for the same missing answer share one computation. An answer asked for
 * with `whenAskedAgain` (a search: most are asked once) is kept only once its key is asked a
 * second time, so the one-off answers neither cost the keeping nor push out the others.
 */
export function createAnswerCache(maxBytes: number) {
  const kept = new Map<string, CatalogAnswer>();
  const pending = new Map<string, Promise<CatalogAnswer>>();
  const askedBefore = createAskedBefore();
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
    get(
      key: string,
      make: () => Promise<CatalogAnswer>,
      { whenAskedAgain = false }: { whenAskedAgain?: boolean } = {},
    ): Promise<CatalogAnswer> {
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
      const keeping = !whenAskedAgain || askedBefore(key);
      const made = make()
        .then((answer) => {
          if (keeping && generation === startedIn) keep(key, answer);
          return answer;
        })
        .finally(() => {
          if (pending.get(key) === made) pending.delete(key);
        });
      pending.set(key, made);
      return made;
    },

    /** The answer kept under `key`, if any, without computing it. */
    peek(key: string): CatalogAnswer | undefined {
      return kept.get(key);
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
