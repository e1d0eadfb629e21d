import { describe, expect, test } from 'vitest';
import { sampleEpub, samplePdf, sampleZip } from '../../test/upload-samples.js';
import { checkDigitalFile } from './file-type.js';

const check = (data: Buffer, options?: { maxEntries?: number }) =>
  checkDigitalFile(
    async (position, length) => data.subarray(position, position + length),
    data.length,
    options,
  );

/** The same archive with ZIP64 end records, as tools write for very large or very full archives. */
function toZip64(zip: Buffer): Buffer {
  const end = zip.subarray(zip.length - 22);
  const entries = end.readUInt16LE(10);
  const directorySize = end.readUInt32LE(12);
  const directoryOffset = end.readUInt32LE(16);
  const body = zip.subarray(0, zip.length - 22);
  const record = Buffer.alloc(56);
  record.writeUInt32LE(0x06064b50, 0);
  record.writeBigUInt64LE(44n, 4);
  record.writeUInt16LE(45, 12);
  record.writeUInt16LE(45, 14);
  record.writeBigUInt64LE(BigInt(entries), 24);
  record.writeBigUInt64LE(BigInt(entries), 32);
  record.writeBigUInt64LE(BigInt(directorySize), 40);
  record.writeBigUInt64LE(BigInt(directoryOffset), 48);
  const locator = Buffer.alloc(20);
  locator.writeUInt32LE(0x07064b50, 0);
  locator.writeBigUInt64LE(BigInt(body.length), 8);
  locator.writeUInt32LE(1, 16);
  const newEnd = Buffer.alloc(22);
  newEnd.writeUInt32LE(0x06054b50, 0);
  newEnd.writeUInt16LE(0xffff, 8);
  newEnd.writeUInt16LE(0xffff, 10);
  newEnd.writeUInt32LE(0xffffffff, 12);
  newEnd.writeUInt32LE(0xffffffff, 16);
  return Buffer.concat([body, record, locator, newEnd]);
}

describe('checkDigitalFile', () => {
  const zip = sampleZip([
    { name: 'a.txt', data: 'alpha' },
    { name: 'b.txt', data: 'bravo', store: true },
  ]);

  test('recognises PDF, ZIP and EPUB', async () => {
    expect(await check(samplePdf())).toEqual({ kind: 'ok', format: 'pdf' });
    expect(await check(zip)).toEqual({ kind: 'ok', format: 'zip' });
    expect(await check(sampleEpub())).toEqual({ kind: 'ok', format: 'epub' });
  });

  test('reads ZIP64 end records', async () => {
    expect(await check(toZip64(zip))).toEqual({ kind: 'ok', format: 'zip' });
    expect(await check(toZip64(sampleEpub()))).toEqual({ kind: 'ok', format: 'epub' });
  });

  test('accepts an archive comment after the end record', async () => {
    const withComment = Buffer.from(zip);
    withComment.writeUInt16LE(7, withComment.length - 2);
    expect(await check(Buffer.concat([withComment, Buffer.from('comment')]))).toEqual({
      kind: 'ok',
      format: 'zip',
    });
  });

  test('caps the number of entries it reads', async () => {
    const many = sampleZip(
      Array.from({ length: 5 }, (_, index) => ({ name: `f${index}.txt`, data: 'x' })),
    );
    expect(await check(many, { maxEntries: 5 })).toEqual({ kind: 'ok', format: 'zip' });
    expect(await check(many, { maxEntries: 4 })).toEqual({ kind: 'too-many-entries' });
  });

  test.each([
    ['a PDF without its end-of-file marker', () => samplePdf().subarray(0, 200)],
    ['a PDF header with a bad version', () => Buffer.from('%PDF-x\n%%EOF\n')],
    ['bytes after the end record', () => Buffer.concat([zip, Buffer.from('trailing')])],
    ['an archive with no entries', () => sampleZip([])],
    [
      'a central directory that does not start with an entry header',
      () => {
        const broken = Buffer.from(zip);
        broken.writeUInt32LE(0x12345678, broken.readUInt32LE(broken.length - 6));
        return broken;
      },
    ],
    [
      'an entry count larger than the directory',
      () => {
        const broken = Buffer.from(zip);
        broken.writeUInt16LE(3, broken.length - 14);
        broken.writeUInt16LE(3, broken.length - 12);
        return broken;
      },
    ],
    [
      'a split archive',
      () => {
        const broken = Buffer.from(zip);
        broken.writeUInt16LE(1, broken.length - 18);
        return broken;
      },
    ],
    [
      'a directory offset past the end',
      () => {
        const broken = Buffer.from(zip);
        broken.writeUInt32LE(0xfffffff0, broken.length - 6);
        return broken;
      },
    ],
  ])('refuses %s', async (_label, make) => {
    expect(await check(make())).toEqual({ kind: 'unknown' });
  });
});
