import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type * as Fontkit from 'fontkit';

/**
 * The faces invoices are written in: Noto Sans (Latin, Greek, Cyrillic) and, for what it lacks
 * (Japanese, Chinese), Noto Sans JP. Each file is read on first need and kept: a store whose
 * names are all Latin never loads the Japanese faces (5 MB each). PDFKit embeds only the glyphs
 * a document uses, so an invoice stays a few tens of kilobytes.
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
  /** A face's file, to register with a document that uses it. */
  file(face: FaceName): Buffer;
  /** The text cut into runs, each with the face that has its characters. */
  runs(text: string, weight: Weight): Array<{ face: FaceName; text: string }>;
}

let loaded: Promise<PdfFonts> | undefined;

/** The fonts, with fontkit loaded on first use (only invoices need it). */
export function loadPdfFonts(): Promise<PdfFonts> {
  loaded ??= import('fontkit').then(createPdfFonts);
  return loaded;
}

function createPdfFonts(fontkit: typeof Fontkit): PdfFonts {
  const require = createRequire(import.meta.url);
  const files = new Map<FaceName, Buffer>();
  const file = (face: FaceName) => {
    let bytes = files.get(face);
    if (!bytes) {
      bytes = readFileSync(require.resolve(FILES[face]));
      files.set(face, bytes);
    }
    return bytes;
  };
  // The regular faces decide coverage for both weights: the bold ones cover the same characters.
  let latin: Fontkit.Font | undefined;
  let cjk: Fontkit.Font | undefined;
  const isCjk = (codePoint: number) => {
    latin ??= fontkit.create(file('regular')) as Fontkit.Font;
    if (latin.hasGlyphForCodePoint(codePoint)) return false;
    cjk ??= fontkit.create(file('cjkRegular')) as Fontkit.Font;
    return cjk.hasGlyphForCodePoint(codePoint);
  };

  return {
    file,
    runs(text, weight) {
      const faces: Record<'latin' | 'cjk', FaceName> =
        weight === 'bold'
          ? { latin: 'bold', cjk: 'cjkBold' }
          : { latin: 'regular', cjk: 'cjkRegular' };
      const runs: Array<{ face: FaceName; text: string }> = [];
      for (const character of text) {
        const last = runs.at(-1);
        // Spaces stay with the run they are in, so "日本 語" is one run, not three.
        const face =
          last && /\s/.test(character)
            ? last.face
            : faces[isCjk(character.codePointAt(0)!) ? 'cjk' : 'latin'];
        if (last?.face === face) last.text += character;
        else runs.push({ face, text: character });
      }
      return runs;
    },
  };
}
