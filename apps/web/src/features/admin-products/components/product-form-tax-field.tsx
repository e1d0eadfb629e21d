import { DEFAULT_TAX_CODE } from '@bindery/shared';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { Controller, type Control } from 'react-hook-form';
import type { ProductFormInput, ProductFormValues } from './product-form-schema';
import { TAX_CATEGORIES, isListedTaxCode, taxCategoryLabel } from './tax-categories';

/** The choice that shows the text field for a code the list does not offer. */
const OTHER = 'other';

export interface ProductTaxFieldProps {
  control: Control<ProductFormInput, unknown, ProductFormValues>;
  isSubmitting: boolean;
}

/**
 * The product's tax category (its Stripe tax code): the store's default, one of the usual
 * digital categories, or any other code typed in. Empty means the default.
 */
export function ProductTaxField({ control, isSubmitting }: ProductTaxFieldProps) {
  const [isOtherChosen, setOtherChosen] = useState(false);
  return (
    <Controller
      control={control}
      name="taxCode"
      render={({ field, fieldState }) => {
        const code = field.value.trim();
        const isOther = isOtherChosen || (code !== '' && !isListedTaxCode(code));
        const choice = isOther ? OTHER : code === DEFAULT_TAX_CODE ? '' : code;
        return (
          <>
            <TextField
              select
              id="product-taxCategory"
              label="Tax category"
              value={choice}
              onChange={(event) => {
                const next = event.target.value;
                setOtherChosen(next === OTHER);
                field.onChange(next === OTHER ? (isListedTaxCode(code) ? '' : code) : next);
              }}
              helperText="How Stripe Tax taxes this product, when the store charges tax."
              disabled={isSubmitting}
              fullWidth
              // Native: a phone's own picker; its label always sits above, as an empty choice is one too.
              slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
            >
              {TAX_CATEGORIES.map((category) => (
                <option
                  key={category.code}
                  value={category.code === DEFAULT_TAX_CODE ? '' : category.code}
                >
                  {category.code === DEFAULT_TAX_CODE
                    ? `${taxCategoryLabel(category)}, the store’s default`
                    : taxCategoryLabel(category)}
                </option>
              ))}
              <option value={OTHER}>Another Stripe tax code…</option>
            </TextField>
            {isOther && (
              <TextField
                id="product-taxCode"
                label="Stripe tax code"
                placeholder="txcd_12345678"
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                inputRef={field.ref}
                error={Boolean(fieldState.error)}
                helperText={
                  fieldState.error?.message ??
                  'As Stripe lists it, e.g. txcd_10302000. Leave empty for the store’s default.'
                }
                fullWidth
                slotProps={{ htmlInput: { readOnly: isSubmitting, spellCheck: false } }}
                sx={{ maxWidth: { sm: 320 } }}
              />
            )}
          </>
        );
      }}
    />
  );
}
