import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import TextField from '@mui/material/TextField';
import { useEffect } from 'react';
import {
  Controller,
  useFormState,
  useWatch,
  type Control,
  type UseFormResetField,
} from 'react-hook-form';
import { useProduct } from '../api/get-product';
import type { AdminProduct } from '../api/list-products';
import { licenseKeysFormDefaults } from './license-keys-form';
import type { ProductFormInput, ProductFormValues } from './product-form-schema';
import { FormCheckField } from './form-check-field';

export interface ProductLicenseKeysFieldProps {
  control: Control<ProductFormInput, unknown, ProductFormValues>;
  /** The product edited; null when adding one. */
  product: AdminProduct | null;
  resetField: UseFormResetField<ProductFormInput>;
  isSubmitting: boolean;
}

/**
 * The catalogue list leaves the product's keys out: its admin view fills the fields in, as the
 * product's own values (an edit then sends them only when the admin changed them).
 */
function useListedLicenseKeys({ control, product, resetField }: ProductLicenseKeysFieldProps) {
  const isListedPublicly = Boolean(product && !('fileName' in product.digitalFile));
  const detail = useProduct(isListedPublicly && !product?.licenseKeys ? product?._id : undefined);
  const { dirtyFields } = useFormState({ control, name: 'licenseKeys' });
  const isEdited = Object.values(dirtyFields.licenseKeys ?? {}).some(Boolean);
  const settings = detail.data?.licenseKeys;
  useEffect(() => {
    if (!settings || isEdited) return;
    resetField('licenseKeys', { defaultValue: licenseKeysFormDefaults(settings) });
    // Once, when the product's own values arrive.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settings, resetField]);
}

/**
 * License keys: a switch that gives each paid order a key, then how many activations a key
 * allows ("No limit" for any number). Sold keys keep the limit they were sold with.
 */
export function ProductLicenseKeysField(props: ProductLicenseKeysFieldProps) {
  const { control, isSubmitting } = props;
  useListedLicenseKeys(props);
  const isOn = useWatch({ control, name: 'licenseKeys.enabled' });
  const isUnlimited = useWatch({ control, name: 'licenseKeys.unlimited' });
  return (
    <Box>
      <FormCheckField
        control={control}
        name="licenseKeys.enabled"
        label="License keys"
        isSubmitting={isSubmitting}
        inputId="product-licenseKeys"
        variant="switch"
      />
      {isOn && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: 2, mt: 1 }}>
          <Controller
            control={control}
            name="licenseKeys.maxUses"
            render={({ field, fieldState }) => (
              <TextField
                id="product-licenseKeys-maxUses"
                label="Activations per key"
                type="number"
                value={isUnlimited ? '' : field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                inputRef={field.ref}
                disabled={isUnlimited}
                error={Boolean(fieldState.error)}
                helperText={
                  fieldState.error?.message ??
                  'Each paid order gets a key; your software checks it at /api/licenses/verify.'
                }
                slotProps={{
                  htmlInput: { step: 1, min: 1, inputMode: 'numeric', readOnly: isSubmitting },
                }}
                sx={{ maxWidth: { sm: 320 } }}
              />
            )}
          />
          <Controller
            control={control}
            name="licenseKeys.unlimited"
            render={({ field }) => (
              <FormControlLabel
                label="No limit"
                sx={{ mt: 1 }}
                control={
                  <Checkbox
                    checked={field.value}
                    onChange={(event) => field.onChange(event.target.checked)}
                    onBlur={field.onBlur}
                    disabled={isSubmitting}
                    slotProps={{ input: { id: 'product-licenseKeys-unlimited', ref: field.ref } }}
                  />
                }
              />
            )}
          />
        </Box>
      )}
    </Box>
  );
}
