import { crc32, deflateRawSync } from 'node:zlib';

/** Real, valid files for the demo catalogue, made in code so the repository ships no binaries. */

/** Wraps text to lines of at most `width` characters. */
function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line && line.length + word.length + 1 > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

export interface ZipEntry {
  name: string;
  data: Buffer | string;
  /** Stored without compression (EPUB requires it for `mimetype`). */
  store?: boolean;
}

/** A ZIP archive (deflate or stored entries) with a proper central directory. */
export function makeZip(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  // 2024-01-01 00:00 in DOS date/time
  const dosTime = 0;
  const dosDate = ((2024 - 1980) << 9) | (1 << 5) | 1;
  for (const entry of entries) {
    const data = Buffer.isBuffer(entry.data) ? entry.data : Buffer.from(entry.data, 'utf8');
    const name = Buffer.from(entry.name, 'utf8');
    const compressed = entry.store ? data : deflateRawSync(data);
    const method = entry.store ? 0 : 8;
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(method, 8);
    local.writeUInt16LE(dosTime, 10);
    local.writeUInt16LE(dosDate, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(compressed.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    locals.push(local, name, compressed);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt16LE(dosTime, 12);
    central.writeUInt16LE(dosDate, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(compressed.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);
    offset += local.length + name.length + compressed.length;
  }
  const centralSize = centrals.reduce((sum, part) => sum + part.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(centralSize, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, ...centrals, end]);
}

const xml = (text: string) =>
  text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');

/** An EPUB 3 book: `mimetype` stored first, container, package document, navigation, chapters. */
export function makeEpub(book: {
  id: string;
  title: string;
  author: string;
  chapters: Array<{ title: string; text: string }>;
}): Buffer {
  const chapterFiles = book.chapters.map((chapter, index) => ({
    id: `ch${index + 1}`,
    href: `chapter-${index + 1}.xhtml`,
    ...chapter,
  }));
  const page = (title: string, body: string) =>
    `<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE html>\n<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" lang="en" xml:lang="en">\n<head><title>${xml(title)}</title></head>\n<body>${body}</body>\n</html>\n`;
  const opf = `<?xml version="1.0" encoding="UTF-8"?>
<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="book-id" xml:lang="en">
  <metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
    <dc:identifier id="book-id">urn:uuid:${book.id}</dc:identifier>
    <dc:title>${xml(book.title)}</dc:title>
    <dc:creator>${xml(book.author)}</dc:creator>
    <dc:language>en</dc:language>
    <meta property="dcterms:modified">2024-01-01T00:00:00Z</meta>
  </metadata>
  <manifest>
    <item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>
${chapterFiles.map((c) => `    <item id="${c.id}" href="${c.href}" media-type="application/xhtml+xml"/>`).join('\n')}
  </manifest>
  <spine>
${chapterFiles.map((c) => `    <itemref idref="${c.id}"/>`).join('\n')}
  </spine>
</package>
`;
  const nav = page(
    book.title,
    `<nav epub:type="toc" id="toc"><h1>Contents</h1><ol>${chapterFiles
      .map((c) => `<li><a href="${c.href}">${xml(c.title)}</a></li>`)
      .join('')}</ol></nav>`,
  );
  return makeZip([
    { name: 'mimetype', data: 'application/epub+zip', store: true },
    {
      name: 'META-INF/container.xml',
      data: `<?xml version="1.0" encoding="UTF-8"?>\n<container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">\n  <rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles>\n</container>\n`,
    },
    { name: 'OEBPS/content.opf', data: opf },
    { name: 'OEBPS/nav.xhtml', data: nav },
    ...chapterFiles.map((c) => ({
      name: `OEBPS/${c.href}`,
      data: page(
        c.title,
        `<h1>${xml(c.title)}</h1>${c.text
          .split('\n\n')
          .map((p) => `<p>${xml(p).replaceAll('\n', '<br/>')}</p>`)
          .join('')}`,
      ),
    })),
  ]);
}

/** An SVG book cover: a gradient, a few shapes and the title. */
export function makeCoverSvg(title: string, label: string, hue: number): string {
  const lines = wrap(title, 16).slice(0, 4);
  const text = lines
    .map(
      (line, index) =>
        `<text x="60" y="${300 + index * 64}" font-size="54" font-weight="700">${xml(line)}</text>`,
    )
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="1000" viewBox="0 0 800 1000">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="hsl(${hue},62%,38%)"/><stop offset="1" stop-color="hsl(${(hue + 40) % 360},70%,22%)"/>
  </linearGradient></defs>
  <rect width="800" height="1000" fill="url(#g)"/>
  <circle cx="640" cy="160" r="220" fill="hsl(${(hue + 180) % 360},80%,70%)" fill-opacity="0.18"/>
  <rect x="60" y="820" width="680" height="6" fill="#fff" fill-opacity="0.6"/>
  <g fill="#ffffff" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif">${text}
    <text x="60" y="890" font-size="30" letter-spacing="6" fill-opacity="0.85">${xml(label.toUpperCase())}</text>
  </g>
</svg>`;
}
