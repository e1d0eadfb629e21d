import { createHash } from 'node:crypto';
import { ObjectTooLargeError, SourceFailedError } from './storage.js';

/**
 * An upload's bytes as they pass into storage: counted and hashed, refused past `maxBytes`
 * (ObjectTooLargeError), a failing source reported as SourceFailedError. Should reading end
 * early for any reason (refused, failed, or the writer giving up), the source is stopped at
 * once: nothing more is read.
 */
export function meterUpload(source: AsyncIterable<Uint8Array>, maxBytes: number) {
  const hash = createHash('sha256');
  let size = 0;
  let failure: unknown;

  async function* chunks(): AsyncGenerator<Uint8Array> {
    const iterator = source[Symbol.asyncIterator]();
    let isFinished = false;
    try {
      for (;;) {
        let next: IteratorResult<Uint8Array>;
        try {
          next = await iterator.next();
        } catch (error) {
          throw new SourceFailedError(error);
        }
        if (next.done) break;
        size += next.value.byteLength;
        if (size > maxBytes) throw new ObjectTooLargeError(maxBytes);
        hash.update(next.value);
        yield next.value;
      }
      isFinished = true;
    } catch (error) {
      failure = error;
      throw error;
    } finally {
      if (!isFinished) await iterator.return?.();
    }
  }

  return {
    chunks: chunks(),
    get size() {
      return size;
    },
    /** The refusal or the source's failure that ended reading, if one did. */
    get failure() {
      return failure;
    },
    /** Hex SHA-256 of every byte read; once, after the last. */
    sha256: () => hash.digest('hex'),
  };
}
