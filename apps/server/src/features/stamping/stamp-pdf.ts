import { readFile, writeFile } from 'node:fs/promises';
import type { Font, create as createFont } from '@pdf-lib/fontkit';
import { createRequire } from 'node:module';
import { degrees, PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';

/** Why a PDF went out unstamped. */
export type StampProblem = 'encrypted' | 'unreadable' | 'too-large';

export type StampResult = { ok: true } | { ok: false; problem: StampProblem };

/** Noto Sans for Latin, Greek and Cyrillic beyond WinAnsi; Noto Sans JP for what it lacks. */
const FONT_FILES = {
  latin: '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf',
  cjk: '@expo-google-fonts/noto-sans-jp/400Regular/NotoSansJP_400Regular.ttf',
} as const;

const FONT_SIZE = 7;
/** From the page's visible bottom edge to the line's baseline. */
const MARGIN = 9;
const GREY = rgb(0.5, 0.5, 0.5);

/**
 * Writes `line` at the bottom of every page of the PDF at `input` and saves the result at
 * `output`. An encrypted or unreadable file is reported, not thrown. The whole document is in
 * memory here, which is why this runs in a child process of its own (stamp-runner.ts).
 */
export async function stampPdfFile(input: string, output: string, line: string) {
  let doc: PDFDocument;
  try {
    // Loaded despite encryption only to tell it apart: pdf-lib's own error fails `instanceof`.
    doc = await PDFDocument.load(await readFile(input), {
      updateMetadata: false,
      ignoreEncryption: true,
    });
  } catch {
    return failed('unreadable');
  }
  if (doc.isEncrypted) return failed('encrypted');
  try {
    const runs = await embedRuns(doc, line);
    for (const page of doc.getPages()) stampPage(page, runs);
    // No object streams: faster to write and no larger for files that are mostly images.
    await writeFile(output, await doc.save({ useObjectStreams: false, addDefaultPage: false }));
  } catch {
    return failed('unreadable');
  }
  return { ok: true } as StampResult;
}

const failed = (problem: StampProblem): StampResult => ({ ok: false, problem });

interface Run {
  text: string;
  font: PDFFont;
}

type Face = 'standard' | 'latin' | 'cjk';

/**
 * The line cut into runs by the face that has their characters; what none has becomes "?".
 * Helvetica (not embedded) writes what WinAnsi encodes, nearly every address; Noto Sans the rest
 * of Latin, Greek and Cyrillic, and Noto Sans JP Japanese and Chinese, each embedded whole:
 * pdf-lib's subsets of them lose glyphs (0.6 MB and 5.4 MB more, for such an address only).
 */
async function embedRuns(doc: PDFDocument, line: string): Promise<Run[]> {
  const standard = await doc.embedFont(StandardFonts.Helvetica);
  const winAnsi = new Set(standard.getCharacterSet());
  const require = createRequire(import.meta.url);
  const files = new Map<'latin' | 'cjk', Buffer>();
  const fileOf = async (face: 'latin' | 'cjk') => {
    let bytes = files.get(face);
    if (!bytes) {
      bytes = await readFile(require.resolve(FONT_FILES[face]));
      files.set(face, bytes);
    }
    return bytes;
  };
  // Loaded only for an address Helvetica cannot write: it takes a good part of a second.
  let fontkit: { create: typeof createFont } | undefined;
  const coverage = new Map<'latin' | 'cjk', Font>();
  const has = async (face: 'latin' | 'cjk', codePoint: number) => {
    let font = coverage.get(face);
    if (!font) {
      if (!fontkit) {
        fontkit = (await import('@pdf-lib/fontkit')).default;
        doc.registerFontkit(fontkit);
      }
      font = fontkit.create(await fileOf(face));
      coverage.set(face, font);
    }
    return font.hasGlyphForCodePoint(codePoint);
  };
  const pieces: Array<{ face: Face; text: string }> = [];
  for (const char of line) {
    const codePoint = char.codePointAt(0)!;
    let face: Face = 'standard';
    let text = char;
    if (winAnsi.has(codePoint)) face = 'standard';
    else if (await has('latin', codePoint)) face = 'latin';
    else if (await has('cjk', codePoint)) face = 'cjk';
    else text = '?';
    const last = pieces.at(-1);
    if (last?.face === face) last.text += text;
    else pieces.push({ face, text });
  }
  const fonts = new Map<Face, PDFFont>([['standard', standard]]);
  const runs: Run[] = [];
  for (const piece of pieces) {
    let font = fonts.get(piece.face);
    if (!font) {
      const bytes = await fileOf(piece.face as 'latin' | 'cjk');
      font = await doc.embedFont(bytes);
      fonts.set(piece.face, font);
    }
    runs.push({ text: piece.text, font });
  }
  return runs;
}

/**
 * Centres the runs on the page's visible bottom edge, whatever its /Rotate: the text turns with
 * the page, so it reads left to right at the bottom as the page is shown.
 */
function stampPage(page: PDFPage, runs: Run[]) {
  const box = page.getCropBox();
  const angle = (((page.getRotation().angle % 360) + 360) % 360) as 0 | 90 | 180 | 270;
  const across = angle === 90 || angle === 270 ? box.height : box.width;
  const widthAt = (size: number) =>
    runs.reduce((sum, run) => sum + run.font.widthOfTextAtSize(run.text, size), 0);
  // A long address on a narrow page gets smaller rather than cut.
  const size = Math.min(FONT_SIZE, (across * 0.9) / Math.max(widthAt(1), 1));
  const width = widthAt(size);
  const offset = (across - width) / 2;
  const { x0, y0, x1, y1 } = {
    x0: box.x,
    y0: box.y,
    x1: box.x + box.width,
    y1: box.y + box.height,
  };
  // Where the line starts, and the direction it runs in, in the page's own coordinates.
  const start = {
    0: { x: x0 + offset, y: y0 + MARGIN, dx: 1, dy: 0 },
    90: { x: x1 - MARGIN, y: y0 + offset, dx: 0, dy: 1 },
    180: { x: x1 - offset, y: y1 - MARGIN, dx: -1, dy: 0 },
    270: { x: x0 + MARGIN, y: y1 - offset, dx: 0, dy: -1 },
  }[angle];
  let advanced = 0;
  for (const run of runs) {
    page.drawText(run.text, {
      x: start.x + start.dx * advanced,
      y: start.y + start.dy * advanced,
      size,
      font: run.font,
      color: GREY,
      rotate: degrees(angle),
    });
    advanced += run.font.widthOfTextAtSize(run.text, size);
  }
}
