/** At most this many words of a search are used; the rest of a pasted essay adds nothing. */
const MAX_TERMS = 12;

/** Latin letters that carry no accent to strip but are still read as plain ones by searchers. */
const LETTER_FOLDS: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  đ: 'd',
  ð: 'd',
  ł: 'l',
  þ: 'th',
  ı: 'i',
  ħ: 'h',
};
const LETTER_FOLD_PATTERN = new RegExp(`[${Object.keys(LETTER_FOLDS).join('')}]`, 'gu');

/**
 * The combining accents NFKD splits off Latin, Greek and Cyrillic letters ("é" → "e" + "´"),
 * which belong to no script of their own; the vowel signs of Indic scripts, say, stay.
 */
const COMBINING_ACCENTS = /\p{Script=Inherited}/gu;

/**
 * A word written with connectors and no space ("e-book", "E‑Book" with a non-breaking hyphen,
 * "don't", "v1.2"): its pieces of letters and digits.
 */
const COMPOUND = /[\p{L}\p{N}]+(?:[^\p{L}\p{N}\s]+[\p{L}\p{N}]+)*/gu;
const WORD = /[\p{L}\p{N}]+/gu;

/**
 * Lower case without accents, compatibility forms unified ("Café" → "cafe", "ﬁle" → "file",
 * "Straße" → "strasse"). The same folding is applied to what is stored and what is searched.
 */
export function foldText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(COMBINING_ACCENTS, '')
    .toLowerCase()
    .replace(LETTER_FOLD_PATTERN, (letter) => LETTER_FOLDS[letter] ?? letter);
}

/**
 * What the full-text index holds for a product field: the folded words, and for every word
 * written with connectors its pieces and the pieces joined ("E‑Book" → "e book ebook"), so
 * "ebook", "e-book" and "e book" all find it.
 */
export function searchText(text: string): string {
  const out: string[] = [];
  for (const compound of foldText(text).match(COMPOUND) ?? []) {
    const pieces = compound.match(WORD) ?? [];
    out.push(...pieces);
    if (pieces.length > 1) out.push(pieces.join(''));
  }
  return out.join(' ');
}

/**
 * The words of a search, folded like the index, of letters and digits only. A word written with
 * connectors counts as one, its pieces joined ("e-book" → "ebook"). Everything else (quotes,
 * operators, punctuation, emoji) is dropped, so no input can change the meaning of the query.
 */
export function searchTerms(text: string): string[] {
  const words = (foldText(text).match(COMPOUND) ?? []).map((compound) =>
    (compound.match(WORD) ?? []).join(''),
  );
  return [...new Set(words)].slice(0, MAX_TERMS);
}

/**
 * The ways the words may be written in a product: as typed, or with two neighbours run
 * together ("e book" also looks for "ebook"). Every word of a way is required.
 */
export function spellings(terms: string[]): string[][] {
  const ways = [terms];
  for (let index = 0; index + 1 < terms.length; index += 1) {
    ways.push([
      ...terms.slice(0, index),
      terms[index]! + terms[index + 1]!,
      ...terms.slice(index + 2),
    ]);
  }
  return ways;
}

/** FTS5: every word as a quoted prefix ("handb" finds "Handbook"); any spelling may match. */
export function toFts5Query(terms: string[]): string {
  return spellings(terms)
    .map((way) => `(${way.map((term) => `"${term}"*`).join(' AND ')})`)
    .join(' OR ');
}

/**
 * PostgreSQL tsquery: every word as a prefix; any spelling may match. With `weight` ("A" is the
 * title), only words indexed at that weight count.
 */
export function toTsQuery(terms: string[], weight = ''): string {
  return spellings(terms)
    .map((way) => `(${way.map((term) => `${term}:*${weight}`).join(' & ')})`)
    .join(' | ');
}
