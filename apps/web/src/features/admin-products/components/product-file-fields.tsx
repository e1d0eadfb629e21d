import { CatalogMessages, DIGITAL_FILE_EXTENSIONS, PRODUCT_LIMITS } from '@bindery/shared';
import AddPhotoAlternateOutlinedIcon from '@mui/icons-material/AddPhotoAlternateOutlined';
import UploadFileOutlinedIcon from '@mui/icons-material/UploadFileOutlined';
import Typography from '@mui/material/Typography';
import {
  Controller,
  type Control,
  type UseFormSetError,
  type UseFormTrigger,
} from 'react-hook-form';
import type { AdminProduct } from '../api/list-products';
import { FilePicker } from './file-picker';
import { newImageEntries, type ImageEntry } from './image-entries';
import { ImageList } from './image-list';
import {
  digitalFileAcceptedText,
  IMAGES_ACCEPTED_TEXT,
  IMAGE_ACCEPT,
  type ProductFormInput,
  type ProductFormValues,
} from './product-form-schema';

const DIGITAL_FILE_ACCEPT = DIGITAL_FILE_EXTENSIONS.join(',');
const IMAGES_HELP =
  `${IMAGES_ACCEPTED_TEXT}; up to ${PRODUCT_LIMITS.imagesMax}, added to the list. ` +
  'The first one is the cover: drag an image or use its arrows to change the order.';

export interface ProductFileFieldsProps {
  control: Control<ProductFormInput, unknown, ProductFormValues>;
  trigger: UseFormTrigger<ProductFormInput>;
  setError: UseFormSetError<ProductFormInput>;
  /** The product being edited; null for a new one. */
  product: AdminProduct | null;
  /** "guide.pdf (120.0 KB)", the file the product has now. */
  currentFile: string | undefined;
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

/**
 * The product's images in order, the first the cover: chosen files are added to the list (up to
 * the limit), and each image can be moved or removed.
 */
function ImagesField({ control, trigger, setError, isSubmitting }: ProductFileFieldsProps) {
  return (
    <Controller
      control={control}
      name="images"
      render={({ field, fieldState }) => {
        const change = (entries: ImageEntry[]) => {
          field.onChange(entries);
          // Checked as soon as they change: type by content, size, and how many.
          return trigger('images');
        };
        return (
          <FilePicker
            heading="Images"
            buttonLabel="Choose images"
            icon={<AddPhotoAlternateOutlinedIcon />}
            accept={IMAGE_ACCEPT}
            multiple
            onChange={(files) => {
              const room = Math.max(PRODUCT_LIMITS.imagesMax - field.value.length, 0);
              const added = newImageEntries(files.slice(0, room));
              void change([...field.value, ...added]).then(() => {
                // Files past the limit are left out, and the form says why.
                if (files.length > room)
                  setError('images', { type: 'custom', message: CatalogMessages.tooManyImages });
              });
            }}
            onBlur={field.onBlur}
            inputRef={field.ref}
            error={fieldState.error?.message ?? imageItemError(fieldState.error)}
            disabled={isSubmitting}
            helperText={IMAGES_HELP}
            list={
              <ImageList
                entries={field.value}
                disabled={isSubmitting}
                onChange={(entries) => void change(entries)}
              />
            }
          />
        );
      }}
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
