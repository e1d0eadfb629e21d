import type { DigitalFormat } from '@bindery/shared';

/** Reads up to `length` bytes at `position` (fewer at the end of the file). */
export type ByteReader = (position: number, length: number) => Promise<Buffer>;

export type DigitalFileCheck =
  { kind: 'ok'; format: DigitalFormat } | { kind: 'unknown' } | { kind: 'too-many-entries' };

/**
 * Reading the central directory costs time per entry, so it is capped; real e-books and
 * download bundles stay far below this.
 */
export const MAX_ARCHIVE_ENTRIES = 100_000;

const PDF_HEADER = /^%PDF-[12]\.\d/;
/** Readers look for the end-of-file marker in the last 1024 bytes (PDF 32000-1, 7.5.5). */
const PDF_TRAILER_WINDOW = 1024;
const EPUB_MIMETYPE = 'application/epub+zip';

const LOCAL_HEADER = 0x04034b50;
const CENTRAL_HEADER = 0x02014b50;
const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const ZIP64_END_LOCATOR = 0x07064b50;
const ZIP64_END_OF_CENTRAL_DIRECTORY = 0x06064b50;
const MAX_ZIP_COMMENT = 0xffff;

/**
 * What a digital file is, from its bytes alone (the name and Content-Type are claims):
 * - PDF: starts with `%PDF-x.y` and has `%%EOF` in its last 1024 bytes;
 * - ZIP: a local file header at byte 0 and a consistent end-of-central-directory record at the
 *   very end, whose central directory entries all parse;
 * - EPUB: such a ZIP whose first entry is an uncompressed `mimetype` holding exactly
 *   `application/epub+zip` (EPUB OCF 3, section 4.3).
 * Only headers and the central directory are read; nothing is ever decompressed.
 */
export async function checkDigitalFile(
  read: ByteReader,
  size: number,
  { maxEntries = MAX_ARCHIVE_ENTRIES } = {},
): Promise<DigitalFileCheck> {
  const head = await read(0, 16);
  if (PDF_HEADER.test(head.toString('latin1'))) {
    const tailStart = Math.max(0, size - PDF_TRAILER_WINDOW);
    const tail = await read(tailStart, size - tailStart);
    return tail.includes('%%EOF', 0, 'latin1')
      ? { kind: 'ok', format: 'pdf' }
      : { kind: 'unknown' };
  }
  if (head.length >= 4 && head.readUInt32LE(0) === LOCAL_HEADER)
    return checkZip(read, size, maxEntries);
  return { kind: 'unknown' };
}

interface CentralDirectory {
  offset: number;
  size: number;
  entries: number;
  /** Where the end records start: the central directory must end before this. */
  limit: number;
}

async function checkZip(
  read: ByteReader,
  size: number,
  maxEntries: number,
): Promise<DigitalFileCheck> {
  const directory = await findCentralDirectory(read, size);
  if (!directory || directory.entries < 1) return { kind: 'unknown' };
  if (directory.entries > maxEntries) return { kind: 'too-many-entries' };

  const reader = windowedReader(read, directory.offset, directory.offset + directory.size);
  let position = directory.offset;
  let first:
    | { name: string; method: number; flags: number; uncompressedSize: number; localOffset: number }
    | undefined;
  for (let index = 0; index < directory.entries; index += 1) {
    const header = await reader.take(position, 46);
    if (!header || header.readUInt32LE(0) !== CENTRAL_HEADER) return { kind: 'unknown' };
    const nameLength = header.readUInt16LE(28);
    const extraLength = header.readUInt16LE(30);
    const commentLength = header.readUInt16LE(32);
    const localOffset = header.readUInt32LE(42);
    // 0xffffffff means the real offset is in a ZIP64 extra field; anything else must point before the directory.
    if (localOffset !== 0xffffffff && localOffset >= directory.offset) return { kind: 'unknown' };
    if (index === 0) {
      const name = await reader.take(position + 46, nameLength);
      if (!name) return { kind: 'unknown' };
      first = {
        name: name.toString('latin1'),
        flags: header.readUInt16LE(8),
        method: header.readUInt16LE(10),
        uncompressedSize: header.readUInt32LE(24),
        localOffset,
      };
    }
    position += 46 + nameLength + extraLength + commentLength;
    if (position > directory.offset + directory.size) return { kind: 'unknown' };
  }
  return { kind: 'ok', format: first && (await isEpubMimetype(read, first)) ? 'epub' : 'zip' };
}

async function isEpubMimetype(
  read: ByteReader,
  entry: {
    name: string;
    method: number;
    flags: number;
    uncompressedSize: number;
    localOffset: number;
  },
): Promise<boolean> {
  const isEncrypted = (entry.flags & 1) === 1;
  if (entry.name !== 'mimetype' || entry.method !== 0 || isEncrypted || entry.localOffset !== 0)
    return false;
  if (entry.uncompressedSize !== EPUB_MIMETYPE.length) return false;
  const local = await read(0, 30);
  if (local.length < 30 || local.readUInt16LE(8) !== 0) return false;
  const nameLength = local.readUInt16LE(26);
  const extraLength = local.readUInt16LE(28);
  const name = await read(30, nameLength);
  if (name.toString('latin1') !== 'mimetype') return false;
  const content = await read(30 + nameLength + extraLength, EPUB_MIMETYPE.length);
  return content.toString('latin1') === EPUB_MIMETYPE;
}

/** The end-of-central-directory record (ZIP64 when needed), checked for consistency. */
async function findCentralDirectory(
  read: ByteReader,
  size: number,
): Promise<CentralDirectory | undefined> {
  if (size < 22 + 30) return undefined;
  const tailStart = Math.max(0, size - (22 + MAX_ZIP_COMMENT));
  const tail = await read(tailStart, size - tailStart);
  // The record sits at the very end, followed only by its own comment.
  let at = -1;
  for (let i = tail.length - 22; i >= 0; i -= 1) {
    if (
      tail.readUInt32LE(i) === END_OF_CENTRAL_DIRECTORY &&
      i + 22 + tail.readUInt16LE(i + 20) === tail.length
    ) {
      at = i;
      break;
    }
  }
  if (at < 0) return undefined;
  const recordOffset = tailStart + at;
  const disk = tail.readUInt16LE(at + 4);
  const directoryDisk = tail.readUInt16LE(at + 6);
  let entriesOnDisk = tail.readUInt16LE(at + 8);
  let entries = tail.readUInt16LE(at + 10);
  let directorySize = tail.readUInt32LE(at + 12);
  let directoryOffset = tail.readUInt32LE(at + 16);
  let limit = recordOffset;
  // Split archives are not downloads anyone can open.
  if (disk !== 0 || directoryDisk !== 0) return undefined;

  const needsZip64 =
    entries === 0xffff || directorySize === 0xffffffff || directoryOffset === 0xffffffff;
  if (needsZip64) {
    if (recordOffset < 20) return undefined;
    const locator = await read(recordOffset - 20, 20);
    if (locator.readUInt32LE(0) !== ZIP64_END_LOCATOR || locator.readUInt32LE(16) > 1)
      return undefined;
    const zip64Offset = toSafeNumber(locator.readBigUInt64LE(8));
    if (zip64Offset === undefined || zip64Offset + 56 > recordOffset - 20) return undefined;
    const record = await read(zip64Offset, 56);
    if (record.length < 56 || record.readUInt32LE(0) !== ZIP64_END_OF_CENTRAL_DIRECTORY)
      return undefined;
    if (record.readUInt32LE(16) !== 0 || record.readUInt32LE(20) !== 0) return undefined;
    const values = [24, 32, 40, 48].map((offset) => toSafeNumber(record.readBigUInt64LE(offset)));
    if (values.some((value) => value === undefined)) return undefined;
    [entriesOnDisk, entries, directorySize, directoryOffset] = values as [
      number,
      number,
      number,
      number,
    ];
    limit = zip64Offset;
  }
  if (entriesOnDisk !== entries || directoryOffset + directorySize > limit) return undefined;
  return { offset: directoryOffset, size: directorySize, entries, limit };
}

function toSafeNumber(value: bigint): number | undefined {
  return value <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(value) : undefined;
}

/** Reads a region in 64 KB windows, so walking many small headers costs few reads. */
function windowedReader(read: ByteReader, regionStart: number, regionEnd: number) {
  const WINDOW = 64 * 1024;
  let buffer: Buffer = Buffer.alloc(0);
  let bufferStart = regionStart;
  return {
    /** Exactly `length` bytes at `position` inside the region, or undefined past its end. */
    async take(position: number, length: number): Promise<Buffer | undefined> {
      if (position < regionStart || position + length > regionEnd) return undefined;
      if (position < bufferStart || position + length > bufferStart + buffer.length) {
        buffer = await read(position, Math.min(Math.max(length, WINDOW), regionEnd - position));
        bufferStart = position;
        if (buffer.length < length) return undefined;
      }
      return buffer.subarray(position - bufferStart, position - bufferStart + length);
    },
  };
}
