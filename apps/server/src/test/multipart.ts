import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';

export type FormEntry =
  | { name: string; value: string }
  | {
      name: string;
      fileName: string;
      data: Buffer | string;
      contentType?: string;
      /** The whole Content-Disposition value, for hostile file names sent as they are. */
      disposition?: string;
    };

export interface MultipartBody {
  payload: Buffer;
  headers: { 'content-type': string };
}

/** A multipart/form-data body built by hand, so tests control order, names and bytes exactly. */
export function multipartBody(entries: FormEntry[]): MultipartBody {
  const boundary = `----bindery-test-${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const entry of entries) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if ('value' in entry) {
      chunks.push(
        Buffer.from(`Content-Disposition: form-data; name="${entry.name}"\r\n\r\n`),
        Buffer.from(entry.value),
        Buffer.from('\r\n'),
      );
    } else {
      const disposition =
        entry.disposition ?? `form-data; name="${entry.name}"; filename="${entry.fileName}"`;
      chunks.push(
        Buffer.from(
          `Content-Disposition: ${disposition}\r\nContent-Type: ${entry.contentType ?? 'application/octet-stream'}\r\n\r\n`,
        ),
        Buffer.isBuffer(entry.data) ? entry.data : Buffer.from(entry.data),
        Buffer.from('\r\n'),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** Sends the first `length` bytes of a body in small chunks, then fails or just stops (a dropped client). */
export function truncatedStream(body: Buffer, length: number, ending: 'error' | 'end'): Readable {
  const chunkSize = 16 * 1024;
  let offset = 0;
  return new Readable({
    read() {
      if (offset < length) {
        const end = Math.min(length, offset + chunkSize);
        this.push(body.subarray(offset, end));
        offset = end;
        return;
      }
      if (ending === 'error') this.destroy(new Error('client went away'));
      else this.push(null);
    },
  });
}

/**
 * A multipart body with one file of `fileBytes` bytes made on demand, preceded by `fields` and
 * followed by `fieldsAfter`; `pulled()` tells how many bytes the server actually read.
 */
export function largeFileStream(
  fields: Array<{ name: string; value: string }>,
  fileName: string,
  fileBytes: number,
  fieldsAfter: Array<{ name: string; value: string }> = [],
) {
  const { payload, headers } = multipartBody([
    ...fields,
    { name: 'file', fileName, data: '\u0000' },
    ...fieldsAfter,
  ]);
  // Split around the one-byte placeholder so the file's bytes can be generated lazily.
  const marker = payload.lastIndexOf(Buffer.from('\r\n\r\n\u0000\r\n')) + 4;
  const head = payload.subarray(0, marker);
  const tail = payload.subarray(marker + 1);
  const chunk = Buffer.alloc(64 * 1024, 0x41);
  let pulled = 0;
  let sent = 0;
  const stream = new Readable({
    read() {
      if (pulled === 0) {
        pulled += head.length;
        this.push(head);
        return;
      }
      if (sent < fileBytes) {
        const piece = chunk.subarray(0, Math.min(chunk.length, fileBytes - sent));
        sent += piece.length;
        pulled += piece.length;
        this.push(piece);
        return;
      }
      this.push(tail);
      this.push(null);
    },
  });
  return { stream, headers, pulled: () => pulled };
}
