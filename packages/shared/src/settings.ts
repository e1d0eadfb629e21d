import { z } from 'zod';
import {
  MAX_PRODUCT_NOTES,
  PRODUCT_NOTE_MAX_LENGTH,
  STORE_NAME_MAX_LENGTH,
  SettingsMessages,
} from './settings-texts.js';

const NO_CONTROL_CHARACTERS = /^[^\p{Cc}]*$/u;

/**
 * The owner's settings of the store (`GET`/`PUT /api/admin/settings`), kept in the database.
 * Later settings are added as new fields; what an older store saved reads with their defaults.
 */
export const StoreSettingsSchema = z.object({
  storeName: z
    .string({ error: SettingsMessages.storeNameRequired })
    .trim()
    .min(1, SettingsMessages.storeNameRequired)
    .max(STORE_NAME_MAX_LENGTH, SettingsMessages.storeNameTooLong)
    .regex(NO_CONTROL_CHARACTERS, SettingsMessages.storeNameControlCharacters),
  /** Where buyers write with questions (shown in receipts); empty for none. */
  supportEmail: z
    .string({ error: SettingsMessages.supportEmailInvalid })
    .trim()
    .max(254, SettingsMessages.supportEmailInvalid)
    .pipe(
      z.union([z.literal(''), z.email({ error: SettingsMessages.supportEmailInvalid })], {
        error: SettingsMessages.supportEmailInvalid,
      }),
    ),
  /** The notes under Buy Now on every product page, in order; an empty list shows none. */
  productNotes: z
    .array(
      z
        .string({ error: SettingsMessages.noteRequired })
        .trim()
        .min(1, SettingsMessages.noteRequired)
        .max(PRODUCT_NOTE_MAX_LENGTH, SettingsMessages.noteTooLong)
        .regex(NO_CONTROL_CHARACTERS, SettingsMessages.noteControlCharacters),
      { error: SettingsMessages.notesMustBeList },
    )
    .max(MAX_PRODUCT_NOTES, SettingsMessages.tooManyNotes),
});
export type StoreSettings = z.infer<typeof StoreSettingsSchema>;

/** The body of `PUT /api/admin/settings`: every setting, as the answer gives them. */
export const UpdateStoreSettingsBodySchema = StoreSettingsSchema;
export type UpdateStoreSettingsBody = StoreSettings;
