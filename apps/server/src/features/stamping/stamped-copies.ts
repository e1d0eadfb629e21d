import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Storage } from '../../adapters/storage/storage.js';
import type { UploadsService } from '../uploads/index.js';
import type { StampRunner } from './stamp-runner.js';
import type { StampReply } from './stamp-worker.js';

/** Where an order's stamped copy of an upload is kept, in the private area beside the originals. */
export const stampedKey = (orderId: string, uploadId: string) =>
  `stamped-pdfs/${orderId}/${uploadId}.pdf`;

/** No PDF we stamp grows past its source by more than the line's font and drawing. */
const MAX_GROWTH_BYTES = 16 * 1024 * 1024;

export interface MadeCopy {
  reply: StampReply;
  stored?: { storageKey: string; size: number; sha256: string };
}

/**
 * Makes one stamped copy: the source streamed from storage to a temporary file, stamped by the
 * runner's child process into another, which is streamed into storage under its key. Nothing
 * of the document passes through this process's memory but a stream's chunks.
 */
export async function makeStampedCopy(
  deps: { storage: Storage; uploads: Pick<UploadsService, 'openFile'>; runner: StampRunner },
  job: { orderId: string; source: { id: string; publicId: string; size: number }; line: string },
): Promise<MadeCopy> {
  const dir = await mkdtemp(path.join(tmpdir(), 'bindery-stamp-'));
  try {
    const input = path.join(dir, 'source.pdf');
    const output = path.join(dir, 'stamped.pdf');
    const opened = await deps.uploads.openFile(job.source.publicId);
    if (!opened) return { reply: { ok: false, problem: 'unreadable', maxRssBytes: 0 } };
    await pipeline(opened.stream, createWriteStream(input, { mode: 0o600 }));
    const reply = await deps.runner.run({ input, output, line: job.line });
    if (!reply.ok) return { reply };
    const pending = await deps.storage.receive(createReadStream(output), {
      maxBytes: job.source.size + MAX_GROWTH_BYTES,
    });
    const storageKey = stampedKey(job.orderId, job.source.id);
    try {
      await pending.commit('private', storageKey);
    } finally {
      await pending.discard();
    }
    return { reply, stored: { storageKey, size: pending.size, sha256: pending.sha256 } };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
