import {
  MAX_PRODUCT_NOTES,
  SettingsMessages,
  StoreSettingsSchema,
  type StoreSettings,
} from '@bindery/shared';
import { z } from 'zod';

const {
  storeName,
  supportEmail,
  productNotes,
  sellerName,
  sellerAddress,
  sellerTaxId,
  invoicePrefix,
} = StoreSettingsSchema.shape;

/** The form's values: each note an object, as a field array wants its rows. */
export const SettingsFormSchema = z.object({
  storeName,
  supportEmail,
  productNotes: z
    .array(z.object({ text: productNotes.element }))
    .max(MAX_PRODUCT_NOTES, SettingsMessages.tooManyNotes),
  sellerName,
  sellerAddress,
  sellerTaxId,
  invoicePrefix,
});
export type SettingsFormValues = z.input<typeof SettingsFormSchema>;

export const toFormValues = (settings: StoreSettings): SettingsFormValues => ({
  storeName: settings.storeName,
  supportEmail: settings.supportEmail,
  productNotes: settings.productNotes.map((text) => ({ text })),
  sellerName: settings.sellerName,
  sellerAddress: settings.sellerAddress,
  sellerTaxId: settings.sellerTaxId,
  invoicePrefix: settings.invoicePrefix,
});

export const toSettings = (values: z.output<typeof SettingsFormSchema>): StoreSettings => ({
  storeName: values.storeName,
  supportEmail: values.supportEmail,
  productNotes: values.productNotes.map((note) => note.text),
  sellerName: values.sellerName,
  sellerAddress: values.sellerAddress,
  sellerTaxId: values.sellerTaxId,
  invoicePrefix: values.invoicePrefix,
});

/** A field error of the server's (`productNotes.2`) as the form names it (`productNotes.2.text`). */
export function formFieldOf(field: string): string {
  if (/^productNotes\.\d+$/.test(field)) return `${field}.text`;
  if (field === 'productNotes') return 'productNotes.root';
  return field;
}
