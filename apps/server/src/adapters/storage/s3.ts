import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import type { S3StorageConfig } from '../../config.js';
import { resolveRange } from './byte-range.js';
import { meterUpload } from './metered-upload.js';
import {
  bodyOf,
  deleteObject,
  deleteObjects,
  getObject,
  headObject,
  listPages,
  loadSdk,
  objectKey,
  TEMP_PREFIX,
  type S3Bucket,
  type S3Sdk,
} from './s3-objects.js';
import { pendingObject } from './s3-pending.js';
import { sweepTemp } from './s3-sweep.js';
import { isValidKey } from './storage-keys.js';
import type { ByteRange, PendingObject, Storage, StorageArea } from './storage.js';

export interface S3StorageOptions extends Omit<S3StorageConfig, 'kind'> {
  /**
   * The largest object copied in one request, and the size of each part of a larger copy: S3's
   * limit of 5 GiB, unless a test makes it small.
   */
  copyPartBytes?: number;
}

const MiB = 1024 * 1024;
const MAX_COPY_BYTES = 5 * 1024 * MiB;
/** An upload's parts: 8 MiB, or larger when the size limit would take more than S3's 10,000. */
const MIN_PART_BYTES = 8 * MiB;
const MAX_PARTS = 10_000;
/** Parts sent at once: an upload holds about (UPLOAD_QUEUE + 2) parts in memory, never the file. */
const UPLOAD_QUEUE = 2;
const REACHABLE_TIMEOUT_MS = 3_000;

const partBytesFor = (maxBytes: number) =>
  Math.max(MIN_PART_BYTES, Math.ceil(maxBytes / MAX_PARTS / MiB) * MiB);

function createClient(sdk: S3Sdk, options: S3StorageOptions) {
  return new sdk.S3Client({
    region: options.region,
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    forcePathStyle: options.forcePathStyle,
    // Without them, the SDK's own chain: AWS_* variables, a profile, an instance role.
    ...(options.credentials ? { credentials: options.credentials } : {}),
    // Not every S3-compatible server accepts the checksums the SDK now adds by default.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    requestHandler: {
      connectionTimeout: 5_000,
      // A bucket that takes a request and never answers fails it rather than hold it for ever.
      requestTimeout: 120_000,
      throwOnRequestTimeout: true,
      // Silence mid-transfer ends it too (a reader that stopped taking a download included).
      socketTimeout: 30_000,
    },
  });
}

/** Streams an upload into `tmp/` as a multipart upload: a few parts in memory, never the file. */
async function receiveUpload(
  bucket: S3Bucket,
  source: AsyncIterable<Uint8Array>,
  maxBytes: number,
): Promise<PendingObject> {
  const { sdk, client, name } = bucket;
  const tempKey = `${TEMP_PREFIX}${randomBytes(16).toString('base64url')}`;
  const metered = meterUpload(source, maxBytes);
  const upload = new sdk.Upload({
    client,
    params: { Bucket: name, Key: tempKey, Body: Readable.from(metered.chunks) },
    partSize: partBytesFor(maxBytes),
    queueSize: UPLOAD_QUEUE,
  });
  try {
    await upload.done();
  } catch (error) {
    // The Upload has aborted its multipart upload (the sweep takes one it could not); an
    // object a single request put goes too.
    await deleteObject(bucket, tempKey).catch(() => {});
    throw metered.failure ?? error;
  }
  return pendingObject(bucket, tempKey, metered.size, metered.sha256());
}

/** An object's bytes, whole or a range of them; undefined when it is missing. */
async function openObject(
  bucket: S3Bucket,
  area: StorageArea,
  key: string,
  range: ByteRange | undefined,
) {
  const name = objectKey(area, key);
  if (range === undefined || (range.start === undefined && range.end === undefined)) {
    const object = await getObject(bucket, name);
    if (!object) return undefined;
    const size = object.ContentLength ?? 0;
    return { stream: bodyOf(object), size, start: 0, end: size - 1 };
  }
  // A range is checked against the size first, as on the disk: a bucket would shorten a
  // range past the end rather than refuse it.
  const info = await headObject(bucket, name);
  if (!info) return undefined;
  const size = info.ContentLength ?? 0;
  const { start, end } = resolveRange(range, size);
  const object = await getObject(bucket, name, `bytes=${start}-${end}`);
  if (!object) return undefined;
  return { stream: bodyOf(object), size, start, end };
}

/**
 * Files in an S3-compatible bucket (AWS S3, R2, MinIO…) under `public/`, `private/` and `tmp/`.
 * The bucket can stay wholly private: images are served through the store (openRead), as from
 * the local disk, and private files leave through the store or a presigned URL. An upload
 * streams into `tmp/` as a multipart upload (a few parts in memory, nothing on the local disk)
 * and is committed by a copy inside the bucket, which readers see whole or not at all. Several
 * instances may share the bucket, so only old temporary objects are swept.
 */
export async function createS3Storage(options: S3StorageOptions): Promise<Storage> {
  const sdk = await loadSdk();
  const { bucket: name, copyPartBytes = MAX_COPY_BYTES } = options;
  const client = createClient(sdk, options);
  const bucket: S3Bucket = { sdk, client, name, copyPartBytes };

  return {
    sharing: 'shared',

    async signedDownloadUrl(key, { expiresInSeconds, contentType, contentDisposition }) {
      // A bucket only the store can reach: the store streams the file (S3_DOWNLOADS=stream).
      if (options.downloads === 'stream') return undefined;
      const command = new sdk.GetObjectCommand({
        Bucket: name,
        Key: objectKey('private', key),
        ResponseContentType: contentType,
        ResponseContentDisposition: contentDisposition,
        ResponseCacheControl: 'private, no-store',
      });
      return sdk.getSignedUrl(client, command, { expiresIn: expiresInSeconds });
    },

    async isReachable() {
      try {
        await client.send(new sdk.HeadBucketCommand({ Bucket: name }), {
          abortSignal: AbortSignal.timeout(REACHABLE_TIMEOUT_MS),
        });
        return true;
      } catch {
        return false;
      }
    },

    receive: (source, { maxBytes }) => receiveUpload(bucket, source, maxBytes),

    async write(area, key, data) {
      await client.send(
        new sdk.PutObjectCommand({
          Bucket: name,
          Key: objectKey(area, key),
          Body: data,
          ContentLength: data.byteLength,
        }),
      );
    },

    openRead: (area, key, range) => openObject(bucket, area, key, range),

    async stat(area, key) {
      const info = await headObject(bucket, objectKey(area, key));
      return info && { size: info.ContentLength ?? 0 };
    },

    async *list(area) {
      for await (const page of listPages(bucket, `${area}/`)) {
        for (const { Key: name, Size: size = 0 } of page) {
          const key = name?.slice(area.length + 1);
          if (key && isValidKey(key)) yield { key, size };
        }
      }
    },

    async delete(area, keyOrPrefix) {
      const prefix = objectKey(area, keyOrPrefix, { allowPrefix: true });
      if (!prefix.endsWith('/')) return deleteObject(bucket, prefix);
      for await (const page of listPages(bucket, prefix)) {
        await deleteObjects(
          bucket,
          page.flatMap((object) => (object.Key ? [object.Key] : [])),
        );
      }
    },

    sweepTemp: (olderThanMs) => sweepTemp(bucket, olderThanMs),
  };
}
