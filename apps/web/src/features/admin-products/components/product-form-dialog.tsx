import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { AdminProduct } from '../api/list-products';
import { DiscardChangesPrompt } from './discard-changes-prompt';
import { NotifyBuyersField } from './notify-buyers-field';
import { chosenFiles, isUnchangedImageList } from './image-entries';
import { ProductFileFields } from './product-file-fields';
import { ProductFilesEditor } from './product-files-editor';
import { useProductFileList } from './use-product-file-list';
import { ProductFormFields } from './product-form-fields';
import { ProductPricingField } from './product-form-pricing-field';
import { ProductFormLayout } from './product-form-layout';
import { ProductStampingField } from './product-form-stamping-field';
import { ProductTaxField } from './product-form-tax-field';
import { ProductLicenseKeysField } from './product-form-license-keys-field';
import { licenseKeysEdits } from './license-keys-form';
import {
  productFormDefaults,
  productFormSchema,
  type ProductFormInput,
  type ProductFormValues,
} from './product-form-schema';
import { buildProductSubmission, type ProductSubmission } from './product-submission';
import { UploadProgress } from './upload-progress';
import { useProductDetails } from './use-product-details';
import { useProductUpload } from './use-product-upload';

export interface ProductFormDialogProps {
  open: boolean;
  /** The row being edited; null adds a new product. */
  product: AdminProduct | null;
  onClose: () => void;
  /** Saves the product (the page does that); settles once the outcome has been handled. */
  onSubmit: (submission: ProductSubmission) => Promise<void>;
  /** An upload failed, with the message to show; the form stays open with its input. */
  onUploadError: (message: string) => void;
}

/** The form's state and rules: adding, or editing `product` (its images listed in order). */
function useProductForm(product: AdminProduct | null) {
  const mode = product ? 'edit' : 'add';
  const currentImageCount = product?.image.length ?? 0;
  const schema = useMemo(
    () => productFormSchema(mode, currentImageCount),
    [mode, currentImageCount],
  );
  return useForm<ProductFormInput, unknown, ProductFormValues>({
    defaultValues: productFormDefaults(product),
    resolver: zodResolver(schema),
  });
}

/**
 * Adds or edits a product. Submitting uploads the digital file (with progress), then the images
 * in batches, then hands the product body to the page, which saves it. Nothing closes the dialog
 * while that runs; on any failure the input stays as it was.
 */
export function ProductFormDialog({
  open,
  product,
  onClose,
  onSubmit,
  onUploadError,
}: ProductFormDialogProps) {
  const upload = useProductUpload();
  const isSubmitting = upload.isBusy;

  const { control, register, handleSubmit, trigger, setValue, setError, formState, resetField } =
    useProductForm(product);
  const { errors, isDirty, dirtyFields } = formState;
  const images = useWatch({ control, name: 'images' });
  const hasImageChanges = !isUnchangedImageList(images, product?.image ?? []);
  const hasNewFile = useWatch({ control, name: 'digitalFile' }) !== null;
  const isLimitEdited = Boolean(dirtyFields.downloadLimit);
  const isTaxCodeEdited = Boolean(dirtyFields.taxCode);
  const edited = { isLimitEdited, isTaxCodeEdited, ...licenseKeysEdits(dirtyFields) };
  const { currentFile } = useProductDetails(product, edited, setValue);
  const fileList = useProductFileList(product, { onSubmit, onUploadError });

  // Esc, the backdrop, Close and Cancel all come here. While files upload nothing closes the
  // form (the upload would be lost half-way); with changes, it asks before they are dropped.
  const [isDiscardAsked, setDiscardAsked] = useState(false);
  const requestClose = () => {
    if (isSubmitting) return;
    if (isDirty || hasImageChanges || hasNewFile || fileList.isChanged) setDiscardAsked(true);
    else onClose();
  };

  const submit = async (values: ProductFormValues) => {
    const uploaded = await upload.uploadChosen({
      digitalFile: values.digitalFile,
      images: chosenFiles(values.images),
    });
    if (!uploaded.ok) return onUploadError(uploaded.message);
    upload.markFinalizing();
    const submission = buildProductSubmission(product, values, uploaded, edited);
    // With the file list when it changed; a new product without a file is refused there.
    await fileList.save(submission).finally(() => upload.markIdle());
  };

  return (
    <ProductFormLayout
      open={open}
      title={product ? 'Edit Product' : 'Add Product'}
      submitLabel={product ? 'Save Changes' : 'Save Product'}
      isSubmitting={isSubmitting}
      onRequestClose={requestClose}
      onSubmit={(event) => void handleSubmit(submit)(event)}
      progress={<UploadProgress stage={upload.stage} />}
      overlay={
        <DiscardChangesPrompt
          open={isDiscardAsked}
          productTitle={product ? product.title : null}
          onDiscard={() => {
            setDiscardAsked(false);
            onClose();
          }}
          onKeepEditing={() => setDiscardAsked(false)}
        />
      }
    >
      <ProductFormFields register={register} errors={errors} isSubmitting={isSubmitting} />
      <ProductPricingField control={control} isSubmitting={isSubmitting} />
      <ProductTaxField control={control} isSubmitting={isSubmitting} />
      <ProductLicenseKeysField {...{ control, product, resetField, isSubmitting }} />
      <ProductFileFields
        control={control}
        trigger={trigger}
        setError={setError}
        product={product}
        currentFile={currentFile}
        hasNewFile={hasNewFile}
        isSubmitting={isSubmitting}
      />
      <ProductFilesEditor list={fileList} disabled={isSubmitting} />
      <ProductStampingField control={control} isSubmitting={isSubmitting} product={product} />
      <NotifyBuyersField
        {...{ control, product, isSubmitting }}
        hasNewFile={hasNewFile || fileList.isContentChanged}
      />
    </ProductFormLayout>
  );
}
