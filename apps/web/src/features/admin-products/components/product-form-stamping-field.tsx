import { StampingTexts } from '@bindery/shared';
import Alert from '@mui/material/Alert';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import type { Control } from 'react-hook-form';
import { useProduct } from '../api/get-product';
import type { AdminProduct } from '../api/list-products';
import type { ProductFormInput, ProductFormValues } from './product-form-schema';
import { FormCheckField } from './form-check-field';

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
      <div>
        <FormCheckField
          control={control}
          name="stampPdf"
          label={StampingTexts.switchLabel}
          isSubmitting={isSubmitting}
          inputId="product-stampPdf"
          describedBy="product-stampPdf-help"
        />
        <FormHelperText id="product-stampPdf-help" sx={{ mt: -0.5, ml: 4 }}>
          {StampingTexts.switchHelp}
        </FormHelperText>
      </div>
      {note && (
        <Alert severity="warning" role="status">
          {note}
        </Alert>
      )}
    </Stack>
  );
}
