import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { makeZip, type ZipEntry } from '../db/seed/demo-files.js';

/** Real files made in code for upload tests: the repository ships no binaries. */

/** A valid one-page PDF; `padTo` pads it (with a comment after the header) to exactly that many bytes. */
export function samplePdf(options: { padTo?: number; text?: string } = {}): Buffer {
  const build = (padding: string) => {
    const content = `BT /F1 18 Tf 72 720 Td (${options.text ?? 'Hello from Bindery'}) Tj ET`;
    const objects = [
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
      `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
      '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    ];
    let out = `%PDF-1.4\n${padding}`;
    const offsets: number[] = [];
    objects.forEach((object, index) => {
      offsets.push(out.length);
      out += `${index + 1} 0 obj\n${object}\nendobj\n`;
    });
    const xref = out.length;
    out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
    for (const offset of offsets) out += `${String(offset).padStart(10, '0')} 00000 n \n`;
    out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
    return Buffer.from(out, 'latin1');
  };
  let pdf = build('');
  if (options.padTo === undefined) return pdf;
  let fill = options.padTo - pdf.length - 2;
  // The startxref number may grow by a digit with the padding; adjust until the size is exact.
  for (let attempt = 0; attempt < 3; attempt += 1) {
    pdf = build(`%${'x'.repeat(Math.max(0, fill))}\n`);
    if (pdf.length === options.padTo) return pdf;
    fill -= pdf.length - options.padTo;
  }
  throw new Error(`cannot pad a PDF to ${options.padTo} bytes`);
}

export type SampleZipEntry = ZipEntry;

/** The same ZIP writer the demo catalogue uses. */
export const sampleZip = makeZip;

const CONTAINER_XML =
  '<?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">' +
  '<rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles></container>';

/** A minimal EPUB: `mimetype` stored first, then the container and package documents (deflated). */
export function sampleEpub(options: { mimetype?: SampleZipEntry | null } = {}): Buffer {
  const mimetype =
    options.mimetype === undefined
      ? { name: 'mimetype', data: 'application/epub+zip', store: true }
      : options.mimetype;
  const rest: SampleZipEntry[] = [
    { name: 'META-INF/container.xml', data: CONTAINER_XML },
    { name: 'OEBPS/content.opf', data: '<?xml version="1.0"?><package version="3.0"/>' },
    { name: 'OEBPS/chapter-1.xhtml', data: '<html><body><p>Chapter one.</p></body></html>' },
  ];
  return sampleZip(mimetype ? [mimetype, ...rest] : rest);
}

export type SampleImageFormat = 'png' | 'jpeg' | 'webp' | 'gif' | 'avif';

/** A real image of the given size, optionally with an EXIF orientation tag. */
export async function sampleImage(
  format: SampleImageFormat,
  width: number,
  height: number,
  options: { orientation?: number } = {},
): Promise<Buffer> {
  let image = sharp({
    create: { width, height, channels: 3, background: { r: 180, g: 90, b: 40 } },
  });
  if (options.orientation) image = image.withMetadata({ orientation: options.orientation });
  return image.toFormat(format).toBuffer();
}

/** A small PNG whose header declares width × height: a "pixel flood" when decoded. */
export function pixelFloodPng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(1024))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
