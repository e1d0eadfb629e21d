import { priceDecimals } from '@bindery/shared';
import TextField from '@mui/material/TextField';
import { moneyAdornment } from '../../../components/money-adornment';
import { Controller, useWatch, type Control } from 'react-hook-form';
import { getStoreConfig } from '../../../lib/store-config';
import type { ProductFormInput, ProductFormValues } from './product-form-schema';
import { FormCheckField } from './form-check-field';

export interface ProductPricingFieldProps {
  control: Control<ProductFormInput, unknown, ProductFormValues>;
  isSubmitting: boolean;
}

/**
 * Pay what you want: a box to let buyers choose their amount, and then the least they may pay
 * (0 lets them download it free); the price above becomes the suggestion.
 */
export function ProductPricingField({ control, isSubmitting }: ProductPricingFieldProps) {
  const isOn = useWatch({ control, name: 'payWhatYouWant' });
  const step = 10 ** -priceDecimals(getStoreConfig().currency);
  return (
    <>
      <FormCheckField
        control={control}
        name="payWhatYouWant"
        label="Pay what you want"
        isSubmitting={isSubmitting}
        inputId="product-payWhatYouWant"
      />
      {isOn && (
        <Controller
          control={control}
          name="minimumPrice"
          render={({ field, fieldState }) => (
            <TextField
              id="product-minimumPrice"
              label="Minimum price"
              type="number"
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              inputRef={field.ref}
              error={Boolean(fieldState.error)}
              helperText={
                fieldState.error?.message ??
                'The least a buyer may pay; the price above is suggested. 0 lets buyers download it for free.'
              }
              slotProps={{
                input: moneyAdornment(),
                htmlInput: { step, min: 0, inputMode: 'decimal', readOnly: isSubmitting },
              }}
              sx={{ maxWidth: { sm: 240 } }}
            />
          )}
        />
      )}
    </>
  );
}
