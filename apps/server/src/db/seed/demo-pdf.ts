import { deflateSync } from 'node:zlib';

/**
 * A small PDF 1.4 writer for the demo files: pages of text in the standard Helvetica fonts and
 * simple vector drawings, each page's content compressed. No embedded fonts, so the text is the
 * WinAnsi subset of Latin; anything else is written as "?".
 */

export const PAGE_WIDTH = 612;
export const PAGE_HEIGHT = 792;

export type PdfFont = 'regular' | 'bold' | 'italic';
const FONT_NAMES: Record<PdfFont, string> = { regular: 'F1', bold: 'F2', italic: 'F3' };

const latin = (text: string) =>
  text
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/[\u2013\u2014]/g, '-')
    .replace(/[^\x20-\x7e]/g, '?');
const pdfString = (text: string) => `(${latin(text).replace(/[\\()]/g, (c) => `\\${c}`)})`;
const n = (value: number) => String(Math.round(value * 100) / 100);

/** Rough Helvetica advance width, enough to wrap lines without running off the page. */
export const textWidth = (text: string, size: number) => text.length * size * 0.5;

/** One page's drawing operations, in PDF points from the bottom-left corner. */
export class PdfPage {
  readonly ops: string[] = [];

  text(x: number, y: number, size: number, text: string, font: PdfFont = 'regular', grey = 0) {
    this.ops.push(
      `BT /${FONT_NAMES[font]} ${n(size)} Tf ${n(grey)} g ${n(x)} ${n(y)} Td ${pdfString(text)} Tj ET`,
    );
    return this;
  }

  line(x1: number, y1: number, x2: number, y2: number, width = 1, grey = 0) {
    this.ops.push(`${n(width)} w ${n(grey)} G ${n(x1)} ${n(y1)} m ${n(x2)} ${n(y2)} l S`);
    return this;
  }

  rect(x: number, y: number, w: number, h: number, style: { fill?: number; stroke?: number } = {}) {
    const paint = paintOp(style);
    this.ops.push(`${colours(style)} ${n(x)} ${n(y)} ${n(w)} ${n(h)} re ${paint}`);
    return this;
  }

  /** A circle drawn as four Bézier arcs. */
  circle(cx: number, cy: number, r: number, style: { fill?: number; stroke?: number } = {}) {
    const k = r * 0.5523;
    this.ops.push(
      [
        colours(style),
        `${n(cx + r)} ${n(cy)} m`,
        `${n(cx + r)} ${n(cy + k)} ${n(cx + k)} ${n(cy + r)} ${n(cx)} ${n(cy + r)} c`,
        `${n(cx - k)} ${n(cy + r)} ${n(cx - r)} ${n(cy + k)} ${n(cx - r)} ${n(cy)} c`,
        `${n(cx - r)} ${n(cy - k)} ${n(cx - k)} ${n(cy - r)} ${n(cx)} ${n(cy - r)} c`,
        `${n(cx + k)} ${n(cy - r)} ${n(cx + r)} ${n(cy - k)} ${n(cx + r)} ${n(cy)} c`,
        paintOp(style),
      ].join(' '),
    );
    return this;
  }

  /** A closed or open path through the points. */
  path(
    points: Array<[number, number]>,
    style: { fill?: number; stroke?: number; close?: boolean },
  ) {
    const [first, ...rest] = points;
    if (!first) return this;
    const moves = [`${n(first[0])} ${n(first[1])} m`, ...rest.map(([x, y]) => `${n(x)} ${n(y)} l`)];
    if (style.close) moves.push('h');
    this.ops.push(`${colours(style)} ${moves.join(' ')} ${paintOp(style)}`);
    return this;
  }
}

function colours(style: { fill?: number; stroke?: number }) {
  return `1 w ${n(style.fill ?? 0)} g ${n(style.stroke ?? 0)} G`;
}

function paintOp(style: { fill?: number; stroke?: number }) {
  if (style.fill !== undefined && style.stroke !== undefined) return 'B';
  return style.fill !== undefined ? 'f' : 'S';
}

/** A4 in points, beside US Letter (the default page). */
export const A4: [number, number] = [595, 842];

/** The pages as one PDF file (US Letter unless `size` says), with its title and author. */
export function writePdf(
  pages: PdfPage[],
  info: { title: string; author: string; size?: [number, number] },
): Buffer {
  const [width, height] = info.size ?? [PAGE_WIDTH, PAGE_HEIGHT];
  const objects: Buffer[] = [];
  const add = (body: string | Buffer) => {
    objects.push(typeof body === 'string' ? Buffer.from(body, 'latin1') : body);
    return objects.length;
  };
  const catalog = add('');
  const pagesRef = add('');
  const fonts = (['Helvetica', 'Helvetica-Bold', 'Helvetica-Oblique'] as const).map((name) =>
    add(`<< /Type /Font /Subtype /Type1 /BaseFont /${name} /Encoding /WinAnsiEncoding >>`),
  );
  const infoRef = add(
    `<< /Title ${pdfString(info.title)} /Author ${pdfString(info.author)} /Producer (Bindery demo) >>`,
  );
  const resources = `<< /Font << /F1 ${fonts[0]} 0 R /F2 ${fonts[1]} 0 R /F3 ${fonts[2]} 0 R >> >>`;
  const kids: number[] = [];
  for (const page of pages) {
    const content = deflateSync(Buffer.from(page.ops.join('\n'), 'latin1'));
    const stream = Buffer.concat([
      Buffer.from(`<< /Length ${content.length} /Filter /FlateDecode >>\nstream\n`, 'latin1'),
      content,
      Buffer.from('\nendstream', 'latin1'),
    ]);
    const contentRef = add(stream);
    kids.push(
      add(
        `<< /Type /Page /Parent ${pagesRef} 0 R /MediaBox [0 0 ${width} ${height}] /Contents ${contentRef} 0 R /Resources ${resources} >>`,
      ),
    );
  }
  objects[catalog - 1] = Buffer.from(`<< /Type /Catalog /Pages ${pagesRef} 0 R >>`, 'latin1');
  objects[pagesRef - 1] = Buffer.from(
    `<< /Type /Pages /Kids [${kids.map((kid) => `${kid} 0 R`).join(' ')}] /Count ${kids.length} >>`,
    'latin1',
  );

  const parts: Buffer[] = [Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let length = parts[0]!.length;
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(length);
    const part = Buffer.concat([
      Buffer.from(`${index + 1} 0 obj\n`, 'latin1'),
      object,
      Buffer.from('\nendobj\n', 'latin1'),
    ]);
    parts.push(part);
    length += part.length;
  });
  let tail = `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) tail += `${String(offset).padStart(10, '0')} 00000 n \n`;
  tail += `trailer\n<< /Size ${objects.length + 1} /Root ${catalog} 0 R /Info ${infoRef} 0 R >>\nstartxref\n${length}\n%%EOF\n`;
  parts.push(Buffer.from(tail, 'latin1'));
  return Buffer.concat(parts);
}
