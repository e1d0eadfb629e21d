import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as fontkit from 'fontkit';

/**
 * The faces invoices are written in: Noto Sans (Latin, Greek, Cyrillic) and, for what it lacks
 * (Japanese, Chinese), Noto Sans JP. Both are read once, on the first document; PDFKit embeds
 * only the glyphs a document uses, so an invoice stays a few tens of kilobytes.
 */
const FILES = {
  regular: '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf',
  bold: '@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf',
  cjkRegular: '@expo-google-fonts/noto-sans-jp/400Regular/NotoSansJP_400Regular.ttf',
  cjkBold: '@expo-google-fonts/noto-sans-jp/700Bold/NotoSansJP_700Bold.ttf',
} as const;

export type FaceName = keyof typeof FILES;
export type Weight = 'regular' | 'bold';

export interface PdfFonts {
  /** Each face's file, to register with a document. */
  files: Record<FaceName, Buffer>;
  /** The text cut into runs, each with the face that has its characters. */
  runs(text: string, weight: Weight): Array<{ face: FaceName; text: string }>;
}

let loaded: PdfFonts | undefined;

export function loadPdfFonts(): PdfFonts {
  loaded ??= readFonts();
  return loaded;
}

function readFonts(): PdfFonts {
  const require = createRequire(import.meta.url);
  const files = Object.fromEntries(
    Object.entries(FILES).map(([face, file]) => [face, readFileSync(require.resolve(file))]),
  ) as Record<FaceName, Buffer>;
  // The regular faces decide coverage for both weights: the bold ones cover the same characters.
  const latin = fontkit.create(files.regular) as fontkit.Font;
  const cjk = fontkit.create(files.cjkRegular) as fontkit.Font;
  const isCjk = (codePoint: number) =>
    !latin.hasGlyphForCodePoint(codePoint) && cjk.hasGlyphForCodePoint(codePoint);

  return {
    files,
    runs(text, weight) {
      const faces: Record<'latin' | 'cjk', FaceName> =
        weight === 'bold'
          ? { latin: 'bold', cjk: 'cjkBold' }
          : { latin: 'regular', cjk: 'cjkRegular' };
      const runs: Array<{ face: FaceName; text: string }> = [];
      for (const character of text) {
        const codePoint = character.codePointAt(0)!;
        const last = runs.at(-1);
        // Spaces stay with the run they are in, so "日本 語" is one run, not three.
        const face =
          last && /\s/.test(character) ? last.face : faces[isCjk(codePoint) ? 'cjk' : 'latin'];
        if (last?.face === face) last.text += character;
        else runs.push({ face, text: character });
      }
      return runs;
    },
  };
}
