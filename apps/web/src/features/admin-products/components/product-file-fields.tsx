import { DIGITAL_FILE_EXTENSIONS } from '@bindery/shared';
import AddPhotoAlternateOutlinedIcon from '@mui/icons-material/AddPhotoAlternateOutlined';
import UploadFileOutlinedIcon from '@mui/icons-material/UploadFileOutlined';
import Typography from '@mui/material/Typography';
import { Controller, type Control, type UseFormTrigger } from 'react-hook-form';
import type { AdminProduct } from '../api/list-products';
import { CurrentImages } from './current-images';
import { FilePicker } from './file-picker';
import {
  digitalFileAcceptedText,
  IMAGES_ACCEPTED_TEXT,
  IMAGE_ACCEPT,
  type ProductFormInput,
  type ProductFormValues,
} from './product-form-schema';

const DIGITAL_FILE_ACCEPT = DIGITAL_FILE_EXTENSIONS.join(',');

export interface ProductFileFieldsProps {
  control: Control<ProductFormInput, unknown, ProductFormValues>;
  trigger: UseFormTrigger<ProductFormInput>;
  /** The product being edited; null for a new one. */
  product: AdminProduct | null;
  /** "guide.pdf (120.0 KB)", the file the product has now. */
  currentFile: string | undefined;
  hasNewImages: boolean;
  hasNewFile: boolean;
  isSubmitting: boolean;
}

/** The images and the digital file pickers, each checked as soon as files are chosen. */
export function ProductFileFields(props: ProductFileFieldsProps) {
  return (
    <>
      <ImagesField {...props} />
      <DigitalFileField {...props} />
    </>
  );
}

/** New images replace all the current ones, which show (dimmed once replaced) inside. */
function ImagesField({
  control,
  trigger,
  product,
  hasNewImages,
  isSubmitting,
}: ProductFileFieldsProps) {
  return (
    <Controller
      control={control}
      name="images"
      render={({ field, fieldState }) => (
        <FilePicker
          heading="Images"
          buttonLabel="Choose images"
          icon={<AddPhotoAlternateOutlinedIcon />}
          accept={IMAGE_ACCEPT}
          multiple
          showPreviews
          files={field.value}
          onChange={(files) => {
            field.onChange(files);
            // Checked as soon as they are chosen: type by content, and size.
            void trigger('images');
          }}
          onBlur={field.onBlur}
          inputRef={field.ref}
          error={fieldState.error?.message ?? imageItemError(fieldState.error)}
          disabled={isSubmitting}
          helperText={
            product
              ? `${IMAGES_ACCEPTED_TEXT}. Choosing new images replaces all the current ones.`
              : `${IMAGES_ACCEPTED_TEXT}; choose one or more. The first one is the cover.`
          }
        >
          {product && product.image.length > 0 && (
            <CurrentImages urls={product.image} isReplaced={hasNewImages} />
          )}
        </FilePicker>
      )}
    />
  );
}

/** The file buyers download; the current one is named, and struck through once replaced. */
function DigitalFileField({
  control,
  trigger,
  product,
  currentFile,
  hasNewFile,
  isSubmitting,
}: ProductFileFieldsProps) {
  return (
    <Controller
      control={control}
      name="digitalFile"
      render={({ field, fieldState }) => (
        <FilePicker
          heading="Digital file"
          buttonLabel="Choose digital file"
          icon={<UploadFileOutlinedIcon />}
          accept={DIGITAL_FILE_ACCEPT}
          files={field.value ? [field.value] : []}
          onChange={(files) => {
            field.onChange(files[0] ?? null);
            void trigger('digitalFile');
          }}
          onBlur={field.onBlur}
          inputRef={field.ref}
          error={fieldState.error?.message}
          disabled={isSubmitting}
          helperText={
            product
              ? `${digitalFileAcceptedText()}. Choosing a new file replaces the current one.`
              : `${digitalFileAcceptedText()}; the file buyers download.`
          }
        >
          {currentFile && (
            <Typography
              variant="body2"
              color="textSecondary"
              sx={{
                mb: 1,
                wordBreak: 'break-all',
                textDecoration: hasNewFile ? 'line-through' : 'none',
              }}
            >
              {`Current file: ${currentFile}`}
            </Typography>
          )}
        </FilePicker>
      )}
    />
  );
}

/** Errors of single image entries (a file that is not an image) sit on the array's items. */
function imageItemError(error: unknown): string | undefined {
  if (!Array.isArray(error)) return undefined;
  for (const item of error as unknown[]) {
    if (item && typeof item === 'object' && 'message' in item && typeof item.message === 'string')
      return item.message;
  }
  return undefined;
}
