import { sql, type RawBuilder } from 'kysely';

/**
 * `column` contains `text` as typed, on SQLite and PostgreSQL alike: LIKE with the text's own
 * `%`, `_` and `\` escaped, so a search for "100%" is not a wildcard. The caller folds case.
 */
export function containsText(column: RawBuilder<unknown>, text: string): RawBuilder<boolean> {
  const pattern = `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  return sql<boolean>`${column} like ${pattern} escape '\\'`;
}
