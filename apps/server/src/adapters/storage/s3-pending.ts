import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { pipeline } from 'node:stream/promises';
import {
  bodyOf,
  copyObject,
  deleteObject,
  getObject,
  objectKey,
  type S3Bucket,
} from './s3-objects.js';
import type { PendingObject } from './storage.js';

/** An upload received under `tempKey`, read from there until it is committed or discarded. */
export function pendingObject(
  bucket: S3Bucket,
  tempKey: string,
  size: number,
  sha256: string,
): PendingObject {
  let state: 'pending' | 'committed' | 'discarded' = 'pending';
  return {
    size,
    sha256,
    async withLocalFile(use) {
      if (state !== 'pending') throw new Error(`cannot read a ${state} upload`);
      // A folder of its own (mode 0700) in the system's temp folder, removed whatever happens.
      const dir = await mkdtemp(path.join(os.tmpdir(), 'bindery-s3-'));
      try {
        const object = await getObject(bucket, tempKey);
        if (!object) throw new Error('the temporary object is gone');
        const file = path.join(dir, 'upload');
        await pipeline(bodyOf(object), createWriteStream(file, { flags: 'wx', mode: 0o600 }));
        return await use(file);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
    async read(position, length) {
      const wanted = Math.max(0, Math.min(length, size - position));
      if (wanted === 0) return Buffer.alloc(0);
      const object = await getObject(bucket, tempKey, `bytes=${position}-${position + wanted - 1}`);
      if (!object) throw new Error('the temporary object is gone');
      return buffer(bodyOf(object));
    },
    async commit(area, key) {
      if (state !== 'pending') throw new Error(`cannot commit a ${state} upload`);
      await copyObject(bucket, tempKey, objectKey(area, key), size);
      state = 'committed';
      // The object is in place: a temporary copy a failed delete leaves is swept later.
      await deleteObject(bucket, tempKey).catch(() => {});
    },
    async discard() {
      if (state !== 'pending') return;
      state = 'discarded';
      await deleteObject(bucket, tempKey);
    },
  };
}
