/** At most this many words of a search are used; the rest of a pasted essay adds nothing. */
const MAX_TERMS = 12;

/**
 * The words of a search as letters and digits only. Everything else (quotes, operators,
 * punctuation, emoji) is dropped, so no input can change the meaning of the index query.
 */
export function searchTerms(text: string): string[] {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return [...new Set(words)].slice(0, MAX_TERMS);
}

/** FTS5: every word as a quoted prefix, all required ("handb" finds "Handbook"). */
export function toFts5Query(terms: string[]): string {
  return terms.map((term) => `"${term}"*`).join(' ');
}

/** PostgreSQL tsquery: every word as a prefix, all required. */
export function toTsQuery(terms: string[]): string {
  return terms.map((term) => `${term}:*`).join(' & ');
}
