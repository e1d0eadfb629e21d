import { ProductUpdateMessages, UPDATE_MESSAGE_MAX } from '@bindery/shared';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { Controller, useWatch, type Control } from 'react-hook-form';
import { useBuyersCount } from '../api/get-buyers-count';
import type { AdminProduct } from '../api/list-products';
import type { ProductFormInput, ProductFormValues } from './product-form-schema';
import { FormCheckField } from './form-check-field';

export interface NotifyBuyersFieldProps {
  control: Control<ProductFormInput, unknown, ProductFormValues>;
  /** The product being edited; null for a new one (nobody to email). */
  product: Pick<AdminProduct, '_id'> | null;
  /** A file is added, replaced or removed: only then is there an update to email about. */
  hasNewFile: boolean;
  isSubmitting: boolean;
}

/** "Email buyers about this update" and its short message, offered when the file changes. */
export function NotifyBuyersField({
  control,
  product,
  hasNewFile,
  isSubmitting,
}: NotifyBuyersFieldProps) {
  const productId = product?._id;
  const isChecked = useWatch({ control, name: 'notifyBuyers' });
  const isOffered = productId !== undefined && hasNewFile;
  const count = useBuyersCount(productId, isOffered && isChecked);
  if (!isOffered) return null;
  const helper = count.data ? ProductUpdateMessages.buyersHelper(count.data.buyers) : undefined;
  return (
    <Stack spacing={1}>
      <FormCheckField
        control={control}
        name="notifyBuyers"
        label={ProductUpdateMessages.notifyLabel}
        isSubmitting={isSubmitting}
      />
      {isChecked && (
        <Controller
          control={control}
          name="notifyMessage"
          render={({ field, fieldState }) => (
            <TextField
              {...field}
              id="product-notify-message"
              label={ProductUpdateMessages.messageLabel}
              required
              multiline
              minRows={2}
              maxRows={8}
              fullWidth
              error={Boolean(fieldState.error)}
              helperText={fieldState.error?.message ?? helper}
              slotProps={{ htmlInput: { maxLength: UPDATE_MESSAGE_MAX, readOnly: isSubmitting } }}
            />
          )}
        />
      )}
    </Stack>
  );
}
