import { abortUpload, deleteObjects, listPages, TEMP_PREFIX, type S3Bucket } from './s3-objects.js';

/** The keys this storage writes: a bucket may hold other things, which the sweep leaves alone. */
const OWN_KEY = /^(?:tmp|public|private)\//;

/**
 * Deletes temporary objects and unfinished multipart uploads older than `olderThanMs` (all of
 * them for 0); returns how many.
 */
export async function sweepTemp(bucket: S3Bucket, olderThanMs = 0): Promise<number> {
  const cutoff = Date.now() - olderThanMs;
  const isOld = (date: Date | undefined) =>
    olderThanMs === 0 || (date !== undefined && date.getTime() <= cutoff);
  let removed = 0;
  for await (const page of listPages(bucket, TEMP_PREFIX)) {
    const old = page.filter((object) => object.Key && isOld(object.LastModified));
    await deleteObjects(
      bucket,
      old.map((object) => object.Key!),
    );
    removed += old.length;
  }
  // Unfinished multipart uploads: received files (under tmp/), and large commits (at their
  // final key) that a stopped process left.
  const { sdk, client, name } = bucket;
  let keyMarker: string | undefined;
  let uploadIdMarker: string | undefined;
  do {
    const page = await client.send(
      new sdk.ListMultipartUploadsCommand({
        Bucket: name,
        KeyMarker: keyMarker,
        UploadIdMarker: uploadIdMarker,
      }),
    );
    for (const { Key: key, UploadId: uploadId, Initiated } of page.Uploads ?? []) {
      if (!key || !uploadId || !OWN_KEY.test(key) || !isOld(Initiated)) continue;
      await abortUpload(bucket, key, uploadId);
      removed += 1;
    }
    keyMarker = page.IsTruncated ? page.NextKeyMarker : undefined;
    uploadIdMarker = page.NextUploadIdMarker;
  } while (keyMarker);
  return removed;
}
