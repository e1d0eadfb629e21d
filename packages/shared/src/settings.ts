import { z } from 'zod';
import {
  MAX_PRODUCT_NOTES,
  PRODUCT_NOTE_MAX_LENGTH,
  STORE_NAME_MAX_LENGTH,
  SettingsMessages,
} from './settings-texts.js';
import {
  INVOICE_PREFIX_MAX_LENGTH,
  INVOICE_PREFIX_PATTERN,
  InvoiceMessages,
  SELLER_ADDRESS_MAX_LENGTH,
  SELLER_ADDRESS_MAX_LINES,
  SELLER_NAME_MAX_LENGTH,
  SELLER_TAX_ID_MAX_LENGTH,
} from './invoices.js';

const NO_CONTROL_CHARACTERS = /^[^\p{Cc}]*$/u;
const NO_CONTROL_CHARACTERS_BUT_LINES = /^(?:[^\p{Cc}]|\n)*$/u;

/** A one-line text of the seller's (name, tax ID): trimmed, may be empty. */
const sellerLine = (max: number, tooLong: string, control: string) =>
  z.string({ error: control }).trim().max(max, tooLong).regex(NO_CONTROL_CHARACTERS, control);

/** Lines of an address as typed (any line ending), each trimmed, without empty ends. */
const normaliseLines = (text: string) =>
  text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => line.trim())
    .join('\n')
    .trim();

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
  /** The seller's legal name on invoices; empty: the store's name. */
  sellerName: sellerLine(
    SELLER_NAME_MAX_LENGTH,
    InvoiceMessages.sellerNameTooLong,
    InvoiceMessages.sellerNameControlCharacters,
  ),
  /** The seller's postal address on invoices, one line per line; empty for none. */
  sellerAddress: z
    .string({ error: InvoiceMessages.sellerAddressControlCharacters })
    .overwrite(normaliseLines)
    .max(SELLER_ADDRESS_MAX_LENGTH, InvoiceMessages.sellerAddressTooLong)
    .regex(NO_CONTROL_CHARACTERS_BUT_LINES, InvoiceMessages.sellerAddressControlCharacters)
    .refine(
      (text) => text.split('\n').length <= SELLER_ADDRESS_MAX_LINES,
      InvoiceMessages.sellerAddressTooManyLines,
    ),
  /** The seller's tax or VAT ID on invoices; empty for none. */
  sellerTaxId: sellerLine(
    SELLER_TAX_ID_MAX_LENGTH,
    InvoiceMessages.sellerTaxIdTooLong,
    InvoiceMessages.sellerTaxIdControlCharacters,
  ),
  /** Put before each new invoice's sequence number ("INV-" makes INV-0001). */
  invoicePrefix: z
    .string({ error: InvoiceMessages.invoicePrefixCharacters })
    .trim()
    .max(INVOICE_PREFIX_MAX_LENGTH, InvoiceMessages.invoicePrefixTooLong)
    .regex(INVOICE_PREFIX_PATTERN, InvoiceMessages.invoicePrefixCharacters),
});
export type StoreSettings = z.infer<typeof StoreSettingsSchema>;

/**
 * The body of `PUT /api/admin/settings`: every setting, as the answer gives them. The invoice
 * settings came later; a body without them keeps their saved values.
 */
export const UpdateStoreSettingsBodySchema = StoreSettingsSchema.partial({
  sellerName: true,
  sellerAddress: true,
  sellerTaxId: true,
  invoicePrefix: true,
});
export type UpdateStoreSettingsBody = z.infer<typeof UpdateStoreSettingsBodySchema>;
