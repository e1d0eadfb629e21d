// The settings' limits, default wording and messages, apart from the Zod schema (settings.ts) so
// the product page and the store config can use them without loading Zod.

/** Longest store name, product note and number of notes the Settings screen takes. */
export const STORE_NAME_MAX_LENGTH = 80;
export const PRODUCT_NOTE_MAX_LENGTH = 120;
export const MAX_PRODUCT_NOTES = 6;

/**
 * The specification's four notes on every product page, the store's wording until the owner
 * changes it. Text before the first ": " is the note's heading.
 */
export const DEFAULT_PRODUCT_NOTES: readonly string[] = [
  'Instant delivery: Download your file right after payment.',
  'Secure payment: Pay by card on a protected checkout page.',
  'Premium quality: Carefully made files, checked before release.',
  "Satisfaction guarantee: Something wrong with your file? We'll make it right.",
];

export const SettingsMessages = {
  title: 'Settings',
  saved: 'Settings saved.',
  loadFailed: 'Failed to load settings.',
  saveFailed: (message: string) => `Error saving settings: ${message}`,
  storeNameRequired: 'Store name is required.',
  storeNameTooLong: `Store name must be at most ${STORE_NAME_MAX_LENGTH} characters.`,
  storeNameControlCharacters: 'Store name must not contain control characters.',
  supportEmailInvalid: 'Support email must be a valid email address, or empty for none.',
  noteRequired: 'A product note must not be empty: remove it instead.',
  noteTooLong: `A product note must be at most ${PRODUCT_NOTE_MAX_LENGTH} characters.`,
  noteControlCharacters: 'A product note must not contain control characters.',
  tooManyNotes: `At most ${MAX_PRODUCT_NOTES} product notes.`,
  notesMustBeList: 'Product notes must be a list of texts.',
} as const;

/** A note split into its heading (before the first ": ") and its text. */
export function splitProductNote(note: string): { heading: string; text: string } {
  const at = note.indexOf(': ');
  if (at <= 0) return { heading: note, text: '' };
  return { heading: note.slice(0, at), text: note.slice(at + 2) };
}
