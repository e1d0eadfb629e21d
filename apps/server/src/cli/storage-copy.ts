import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createLocalStorage } from '../adapters/storage/local.js';
import { createS3Storage } from '../adapters/storage/s3.js';
import type { Storage, StorageArea } from '../adapters/storage/storage.js';
import { ConfigError, loadStoreDataConfig, type S3StorageConfig } from '../config.js';

const USAGE = 'Usage: npm run storage:copy -- --from local --to s3   (or --from s3 --to local)';
const AREAS: StorageArea[] = ['public', 'private'];

type Side = 'local' | 's3';

/** A problem the person running the command can fix: printed as it is, without a stack. */
class CopyError extends Error {}

interface Tally {
  copied: number;
  copiedBytes: number;
  skipped: number;
  skippedBytes: number;
}

const sideOf = (value: string | undefined): Side | undefined =>
  value === 'local' || value === 's3' ? value : undefined;

const formatBytes = (bytes: number) =>
  `${bytes.toLocaleString('en-US')} byte${bytes === 1 ? '' : 's'}`;

const describe = (tally: Tally) =>
  `${tally.copied} copied (${formatBytes(tally.copiedBytes)}), ` +
  `${tally.skipped} already there (${formatBytes(tally.skippedBytes)})`;

/** The storage on one side, with a name for messages. */
async function openSide(
  side: Side,
  { dataDir, bucket }: { dataDir: string; bucket: S3StorageConfig },
  role: 'from' | 'to',
) {
  if (side === 'local') {
    const hasFiles = AREAS.some((area) => existsSync(path.join(dataDir, area)));
    if (role === 'from' && !hasFiles) {
      throw new CopyError(
        `${dataDir} holds no store files (no public/ or private/ folder): is DATA_DIR right?`,
      );
    }
    return { storage: createLocalStorage(dataDir), name: `the local disk (${dataDir})` };
  }
  const name = `the bucket ${bucket.bucket}`;
  const storage = await createS3Storage(bucket);
  if (!(await storage.isReachable())) {
    throw new CopyError(
      `${name} cannot be reached: check S3_ENDPOINT, S3_REGION and the credentials.`,
    );
  }
  return { storage, name };
}

/**
 * Copies every object of an area that the target lacks, or holds at another size, one at a
 * time and streaming (never a whole file in memory); each appears whole or not at all.
 */
async function copyArea(from: Storage, to: Storage, area: StorageArea): Promise<Tally> {
  const tally: Tally = { copied: 0, copiedBytes: 0, skipped: 0, skippedBytes: 0 };
  const present = new Map<string, number>();
  for await (const { key, size } of to.list(area)) present.set(key, size);
  for await (const { key, size } of from.list(area)) {
    if (present.get(key) === size) {
      tally.skipped += 1;
      tally.skippedBytes += size;
      continue;
    }
    try {
      const object = await from.openRead(area, key);
      // Deleted since it was listed: nothing to copy.
      if (!object) continue;
      try {
        const pending = await to.receive(object.stream, { maxBytes: size });
        try {
          if (pending.size !== size) throw new Error(`${pending.size} bytes read, not ${size}`);
          await pending.commit(area, key);
        } finally {
          await pending.discard();
        }
      } finally {
        object.stream.destroy();
      }
    } catch (error) {
      throw new CopyError(
        `${area}/${key} could not be copied: ${error instanceof Error ? error.message : String(error)}`,
        { cause: error },
      );
    }
    tally.copied += 1;
    tally.copiedBytes += size;
  }
  return tally;
}

async function main() {
  let values: { from?: string; to?: string };
  try {
    ({ values } = parseArgs({ options: { from: { type: 'string' }, to: { type: 'string' } } }));
  } catch {
    values = {};
  }
  const fromSide = sideOf(values.from);
  const toSide = sideOf(values.to);
  if (!fromSide || !toSide || fromSide === toSide) {
    console.error(USAGE);
    process.exit(2);
  }
  const { dataDir, storage: bucket } = loadStoreDataConfig();
  if (bucket.kind !== 's3') {
    throw new CopyError(
      'S3 is not configured: set S3_BUCKET (with S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY as your provider needs) to copy to or from a bucket.',
    );
  }
  const from = await openSide(fromSide, { dataDir, bucket }, 'from');
  const to = await openSide(toSide, { dataDir, bucket }, 'to');
  console.log(`Copying public/ and private/ from ${from.name} to ${to.name}`);
  const total: Tally = { copied: 0, copiedBytes: 0, skipped: 0, skippedBytes: 0 };
  for (const area of AREAS) {
    const tally = await copyArea(from.storage, to.storage, area);
    console.log(`${area}/: ${describe(tally)}`);
    total.copied += tally.copied;
    total.copiedBytes += tally.copiedBytes;
    total.skipped += tally.skipped;
    total.skippedBytes += tally.skippedBytes;
  }
  console.log(`Done: ${describe(total)}.`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof CopyError) {
    console.error(error.message);
    process.exit(1);
  }
  console.error(error);
  process.exit(1);
});
