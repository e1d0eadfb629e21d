import TextField from '@mui/material/TextField';
import { moneyAdornment } from '../../../components/money-adornment';
import { priceDecimals } from '@bindery/shared';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { getStoreConfig } from '../../../lib/store-config';
import type { ProductFormInput } from './product-form-schema';
import { DescriptionField } from './description-field';

type TextFieldName = 'title' | 'subtitle' | 'description' | 'price' | 'downloadLimit';

export interface ProductFormFieldsProps {
  register: UseFormRegister<ProductFormInput>;
  errors: FieldErrors<ProductFormInput>;
  isSubmitting: boolean;
}

/** The product's typed fields: title, sub title, description, price and download limit. */
export function ProductFormFields({ register, errors, isSubmitting }: ProductFormFieldsProps) {
  // Whole units for a zero-decimal currency (JPY), cents otherwise.
  const priceStep = 10 ** -priceDecimals(getStoreConfig().currency);
  const textField = (name: TextFieldName) => {
    const { ref, ...rest } = register(name);
    const message = errors[name]?.message;
    return {
      ...rest,
      id: `product-${name}`,
      inputRef: ref,
      error: Boolean(message),
      helperText: message,
      fullWidth: true,
      // Read-only rather than disabled while submitting: the fields stay focusable and readable.
      slotProps: { htmlInput: { readOnly: isSubmitting } },
    };
  };

  return (
    <>
      <TextField {...textField('title')} label="Title" required autoFocus />
      <TextField {...textField('subtitle')} label="Sub Title" />
      <DescriptionField {...textField('description')} />
      <TextField
        {...textField('price')}
        label="Price"
        required
        type="number"
        slotProps={{
          input: moneyAdornment(),
          htmlInput: {
            step: priceStep,
            min: priceStep,
            inputMode: 'decimal',
            readOnly: isSubmitting,
          },
        }}
        sx={{ maxWidth: { sm: 240 } }}
      />
      <TextField
        {...textField('downloadLimit')}
        label="Download limit"
        type="number"
        helperText={
          errors.downloadLimit?.message ??
          'Downloads each buyer gets per order. Leave empty for the store’s limit; 0 for unlimited.'
        }
        slotProps={{
          htmlInput: { step: 1, min: 0, inputMode: 'numeric', readOnly: isSubmitting },
        }}
        sx={{ maxWidth: { sm: 240 } }}
      />
    </>
  );
}
