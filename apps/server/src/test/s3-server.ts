import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { open, readdir, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import http from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { S3StorageConfig } from '../config.js';

/**
 * A real S3-compatible server for tests: s3rver on a free port, storing in a temp folder.
 *
 * s3rver 3.7 lacks three calls the storage makes: ListMultipartUploads (501), AbortMultipartUpload
 * (405) and UploadPartCopy (501). This server answers those itself, as S3 documents them, from
 * s3rver's own folder of unfinished uploads (`<bucket>/._S3rver_uploads/<id>/`: `key`, one file
 * per part and its `.md5`), without checking signatures or paging. Everything else is s3rver's.
 */

interface S3rverInstance {
  configureBuckets(): Promise<unknown>;
  callback(): http.RequestListener;
  logger: { close(): void };
}
type S3rverClass = new (options: {
  directory: string;
  silent: boolean;
  configureBuckets: Array<{ name: string }>;
}) => S3rverInstance;

const require = createRequire(import.meta.url);
const S3rver = require('s3rver') as S3rverClass;

/** The credentials s3rver accepts unless told otherwise. */
const ACCESS_KEY = 'S3RVER';

export interface S3Request {
  method: string;
  url: string;
  copySource?: string;
  copySourceRange?: string;
}

export interface S3TestServer {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** The settings createS3Storage takes, and the config's `storage` without `kind`. */
  options: Omit<S3StorageConfig, 'kind'>;
  /** Every request the server answered, in order; `copySource` for copies. */
  requests: S3Request[];
  /** Keys of every object under `prefix`, sorted, read from s3rver's folder. */
  listKeys(prefix?: string): Promise<string[]>;
  /** The object's bytes, or undefined. */
  readObject(key: string): Promise<Buffer | undefined>;
  /** Unfinished multipart uploads, as s3rver keeps them on disk. */
  listUploads(): Promise<Array<{ key: string; uploadId: string }>>;
  /** Dates every object and unfinished upload now in the bucket at `time` (they seem that old). */
  backdate(time: Date): Promise<void>;
  close(): Promise<void>;
}

const OBJECT_SUFFIX = '._S3rver_object';

const xml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function answerXml(response: http.ServerResponse, status: number, body: string) {
  response.writeHead(status, { 'content-type': 'application/xml' });
  response.end(`<?xml version="1.0" encoding="UTF-8"?>\n${body}`);
}

const noSuchUpload = (response: http.ServerResponse) =>
  answerXml(
    response,
    404,
    '<Error><Code>NoSuchUpload</Code><Message>The specified upload does not exist.</Message></Error>',
  );

export async function startS3Server(): Promise<S3TestServer> {
  const directory = mkdtempSync(path.join(os.tmpdir(), 'bindery-s3rver-'));
  const bucket = 'bindery-test';
  const s3rver = new S3rver({ directory, silent: true, configureBuckets: [{ name: bucket }] });
  await s3rver.configureBuckets();
  const bucketDir = path.join(directory, bucket);
  const uploadsDir = path.join(bucketDir, '._S3rver_uploads');
  const objectFile = (key: string) => path.join(bucketDir, `${key}${OBJECT_SUFFIX}`);
  const requests: S3Request[] = [];

  async function listUploads() {
    const uploads: Array<{ key: string; uploadId: string; initiated: Date }> = [];
    for (const uploadId of await readdir(uploadsDir).catch(() => [])) {
      const keyFile = path.join(uploadsDir, uploadId, 'key');
      const key = await readFile(keyFile, 'utf8').catch(() => undefined);
      if (key === undefined) continue;
      uploads.push({ key, uploadId, initiated: (await stat(keyFile)).mtime });
    }
    return uploads.sort(
      (a, b) => a.key.localeCompare(b.key) || a.uploadId.localeCompare(b.uploadId),
    );
  }

  /** The upload `uploadId` of `key`, or undefined (as S3's NoSuchUpload). */
  async function findUpload(uploadId: string | null, key: string) {
    if (!uploadId || !/^[0-9a-f]+$/.test(uploadId)) return undefined;
    const dir = path.join(uploadsDir, uploadId);
    const storedKey = await readFile(path.join(dir, 'key'), 'utf8').catch(() => undefined);
    return storedKey === key ? dir : undefined;
  }

  async function listMultipartUploads(url: URL, response: http.ServerResponse) {
    const prefix = url.searchParams.get('prefix') ?? '';
    const uploads = (await listUploads()).filter((upload) => upload.key.startsWith(prefix));
    answerXml(
      response,
      200,
      `<ListMultipartUploadsResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">` +
        `<Bucket>${bucket}</Bucket><Prefix>${xml(prefix)}</Prefix><MaxUploads>1000</MaxUploads>` +
        `<IsTruncated>false</IsTruncated>` +
        uploads
          .map(
            (upload) =>
              `<Upload><Key>${xml(upload.key)}</Key><UploadId>${upload.uploadId}</UploadId>` +
              `<Initiated>${upload.initiated.toISOString()}</Initiated>` +
              `<StorageClass>STANDARD</StorageClass></Upload>`,
          )
          .join('') +
        `</ListMultipartUploadsResult>`,
    );
  }

  async function abortMultipartUpload(url: URL, key: string, response: http.ServerResponse) {
    const dir = await findUpload(url.searchParams.get('uploadId'), key);
    if (!dir) return noSuchUpload(response);
    await rm(dir, { recursive: true, force: true });
    response.writeHead(204).end();
  }

  async function uploadPartCopy(
    url: URL,
    key: string,
    request: http.IncomingMessage,
    response: http.ServerResponse,
  ) {
    const dir = await findUpload(url.searchParams.get('uploadId'), key);
    if (!dir) return noSuchUpload(response);
    const partNumber = Number(url.searchParams.get('partNumber'));
    const source = decodeURIComponent(String(request.headers['x-amz-copy-source'])).replace(
      /^\//,
      '',
    );
    const sourceKey = source.startsWith(`${bucket}/`) ? source.slice(bucket.length + 1) : '';
    const range = /^bytes=(\d+)-(\d+)$/.exec(String(request.headers['x-amz-copy-source-range']));
    const file = await open(objectFile(sourceKey)).catch(() => undefined);
    if (!file) {
      return answerXml(response, 404, '<Error><Code>NoSuchKey</Code></Error>');
    }
    try {
      const { size } = await file.stat();
      const start = range ? Number(range[1]) : 0;
      const end = range ? Number(range[2]) : size - 1;
      if (end >= size || start > end) {
        return answerXml(response, 416, '<Error><Code>InvalidRange</Code></Error>');
      }
      const data = Buffer.alloc(end - start + 1);
      await file.read(data, 0, data.length, start);
      const md5 = createHash('md5').update(data).digest('hex');
      await writeFile(path.join(dir, String(partNumber)), data);
      await writeFile(path.join(dir, `${partNumber}.md5`), md5);
      answerXml(
        response,
        200,
        `<CopyPartResult><LastModified>${new Date().toISOString()}</LastModified>` +
          `<ETag>"${md5}"</ETag></CopyPartResult>`,
      );
    } finally {
      await file.close();
    }
  }

  /** Answers the calls s3rver lacks; false for every other request. */
  function answerMissing(request: http.IncomingMessage, response: http.ServerResponse): boolean {
    const url = new URL(request.url ?? '/', 'http://s3');
    const [, bucketName, ...keyParts] = url.pathname.split('/');
    const key = decodeURIComponent(keyParts.join('/'));
    if (bucketName !== bucket) return false;
    let answer: Promise<void> | undefined;
    if (request.method === 'GET' && !key && url.searchParams.has('uploads')) {
      answer = listMultipartUploads(url, response);
    } else if (request.method === 'DELETE' && key && url.searchParams.has('uploadId')) {
      answer = abortMultipartUpload(url, key, response);
    } else if (
      request.method === 'PUT' &&
      key &&
      url.searchParams.has('uploadId') &&
      request.headers['x-amz-copy-source']
    ) {
      answer = uploadPartCopy(url, key, request, response);
    }
    if (!answer) return false;
    request.resume();
    answer.catch((error: unknown) => {
      response.writeHead(500).end(String(error));
    });
    return true;
  }

  const handle = s3rver.callback();
  const server = http.createServer((request, response) => {
    const copySource = request.headers['x-amz-copy-source'];
    const copySourceRange = request.headers['x-amz-copy-source-range'];
    requests.push({
      method: request.method ?? '',
      url: request.url ?? '',
      ...(typeof copySource === 'string' ? { copySource } : {}),
      ...(typeof copySourceRange === 'string' ? { copySourceRange } : {}),
    });
    if (!answerMissing(request, response)) handle(request, response);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  async function listKeys(prefix = '') {
    const files = await readdir(bucketDir, { recursive: true }).catch(() => []);
    return files
      .filter((file) => file.endsWith(OBJECT_SUFFIX))
      .map((file) => file.slice(0, -OBJECT_SUFFIX.length).split(path.sep).join('/'))
      .filter((key) => key.startsWith(prefix))
      .sort();
  }

  return {
    endpoint,
    bucket,
    accessKeyId: ACCESS_KEY,
    secretAccessKey: ACCESS_KEY,
    options: {
      bucket,
      endpoint,
      region: 'us-east-1',
      credentials: { accessKeyId: ACCESS_KEY, secretAccessKey: ACCESS_KEY },
      forcePathStyle: true,
      downloads: 'redirect',
    },
    requests,
    listKeys,
    readObject: (key) => readFile(objectFile(key)).catch(() => undefined),
    listUploads: async () => (await listUploads()).map(({ key, uploadId }) => ({ key, uploadId })),
    async backdate(time) {
      for (const key of await listKeys()) await utimes(objectFile(key), time, time);
      for (const { uploadId } of await listUploads()) {
        await utimes(path.join(uploadsDir, uploadId, 'key'), time, time);
      }
    },
    async close() {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
      s3rver.logger.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
