import Stack from '@mui/material/Stack';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import type { FieldErrors } from 'react-hook-form';
import type { SettingsFormValues } from './settings-form-schema';

type InvoiceField = 'sellerName' | 'sellerAddress' | 'sellerTaxId' | 'invoicePrefix';

/** The seller named on every invoice and credit note, and how invoices are numbered. */
export function InvoiceFields({
  field,
  errors,
}: {
  field: (name: InvoiceField) => TextFieldProps;
  errors: FieldErrors<SettingsFormValues>;
}) {
  return (
    <Stack spacing={2}>
      <TextField
        {...field('sellerName')}
        label="Seller’s legal name"
        autoComplete="organization"
        helperText={
          errors.sellerName?.message ?? 'As registered. Leave empty to use the store name.'
        }
      />
      <TextField
        {...field('sellerAddress')}
        label="Seller’s address"
        multiline
        minRows={3}
        autoComplete="street-address"
        helperText={errors.sellerAddress?.message ?? 'Street, postcode and town, country.'}
      />
      <TextField
        {...field('sellerTaxId')}
        label="Tax ID"
        helperText={
          errors.sellerTaxId?.message ?? 'Your VAT or tax number, if you have one. Empty for none.'
        }
      />
      <TextField
        {...field('invoicePrefix')}
        label="Invoice number prefix"
        slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'characters' } }}
        helperText={
          errors.invoicePrefix?.message ??
          'Put before each new invoice’s number: INV- makes INV-0001. Numbers already given keep theirs.'
        }
      />
    </Stack>
  );
}
