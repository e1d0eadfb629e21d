import type { ServedStream } from './download-counter.js';
import type { ByteSpan } from './http-headers.js';

/** What the route needs to answer one download request. */
export interface PreparedDownload {
  /** The product's title with the file's extension: the name the buyer's copy is saved under. */
  fileName: string;
  contentType: string;
  /** Strong ETag from the file's SHA-256. */
  etag: string;
  size: number;
  /** The part to send, or null for the whole file. */
  span: ByteSpan | null;
  /**
   * Takes the response's place against the order's limit (403 when there is none) and opens
   * the bytes as a stream; the bytes it sends count once the response has closed (`settle`).
   */
  open(): Promise<ServedStream>;
  /**
   * Where storage that hands out URLs (a bucket) serves the file for the next few minutes, the
   * span counted as sent as the redirect is issued; undefined when the store streams it (`open`).
   */
  redirect(): Promise<string | undefined>;
}
