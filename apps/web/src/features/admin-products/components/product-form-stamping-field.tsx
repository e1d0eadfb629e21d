import { StampingTexts } from '@bindery/shared';
import Alert from '@mui/material/Alert';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import { Controller, type Control } from 'react-hook-form';
import { useProduct } from '../api/get-product';
import type { AdminProduct } from '../api/list-products';
import type { ProductFormInput, ProductFormValues } from './product-form-schema';

export interface ProductStampingFieldProps {
  control: Control<ProductFormInput, unknown, ProductFormValues>;
  isSubmitting: boolean;
  /** The product edited (its note says why one of its PDFs goes out unstamped); null adding one. */
  product: AdminProduct | null;
}

/**
 * PDF stamping: a box to stamp every PDF a buyer downloads with their email and order number,
 * and the store's note when one could not be stamped.
 */
export function ProductStampingField({
  control,
  isSubmitting,
  product,
}: ProductStampingFieldProps) {
  // The list leaves the note out; the product's admin view (fetched for the form anyway) has it.
  const isListRow = Boolean(product) && !('fileName' in (product?.digitalFile ?? {}));
  const detail = useProduct(isListRow ? product?._id : undefined);
  const note = detail.data?.stampNote ?? product?.stampNote;
  return (
    <Stack spacing={1}>
      <Controller
        control={control}
        name="stampPdf"
        render={({ field }) => (
          <div>
            <FormControlLabel
              label={StampingTexts.switchLabel}
              control={
                <Checkbox
                  checked={field.value ?? false}
                  onChange={(event) => field.onChange(event.target.checked)}
                  onBlur={field.onBlur}
                  disabled={isSubmitting}
                  slotProps={{
                    input: {
                      id: 'product-stampPdf',
                      ref: field.ref,
                      'aria-describedby': 'product-stampPdf-help',
                    },
                  }}
                />
              }
            />
            <FormHelperText id="product-stampPdf-help" sx={{ mt: -0.5, ml: 4 }}>
              {StampingTexts.switchHelp}
            </FormHelperText>
          </div>
        )}
      />
      {note && (
        <Alert severity="warning" role="status">
          {note}
        </Alert>
      )}
    </Stack>
  );
}
