import {
  CatalogMessages,
  DIGITAL_FILE_EXTENSIONS,
  imageVariantUrl,
  type CreateProductBody,
  type UpdateProductBody,
  type UploadedFile,
} from '@bindery/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import AddPhotoAlternateOutlinedIcon from '@mui/icons-material/AddPhotoAlternateOutlined';
import CloseIcon from '@mui/icons-material/Close';
import UploadFileOutlinedIcon from '@mui/icons-material/UploadFileOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { errorMessage } from '../../../lib/api-client';
import { useProduct } from '../api/get-product';
import { getUploadSignature } from '../api/get-upload-signature';
import type { AdminProduct } from '../api/list-products';
import { uploadDigitalFile } from '../api/upload-digital-file';
import { uploadImage, uploadImagesInBatches } from '../api/upload-images';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { FilePicker } from './file-picker';
import {
  digitalFileAcceptedText,
  IMAGES_ACCEPTED_TEXT,
  IMAGE_ACCEPT,
  describeFile,
  productFormDefaults,
  productFormSchema,
  type ProductFormInput,
  type ProductFormValues,
} from './product-form-schema';

export type ProductSubmission =
  | { kind: 'create'; body: CreateProductBody }
  | { kind: 'update'; id: string; body: UpdateProductBody };

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

type Stage =
  | { name: 'idle' }
  | { name: 'file'; percent: number }
  | { name: 'images' }
  | { name: 'finalizing' };

export const STAGE_MESSAGES = {
  file: 'Uploading digital file...',
  images: 'Uploading product images...',
  finalizing: 'Finalizing product...',
} as const;

const DIGITAL_FILE_ACCEPT = DIGITAL_FILE_EXTENSIONS.join(',');

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
  const theme = useTheme();
  const isSmallScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const mode = product ? 'edit' : 'add';
  const schema = useMemo(() => productFormSchema(mode), [mode]);
  const [stage, setStage] = useState<Stage>({ name: 'idle' });
  const isSubmitting = stage.name !== 'idle';
  const stageMessageId = useId();

  // Files already uploaded by an earlier attempt are not sent again when the admin retries.
  const uploaded = useRef({
    files: new WeakMap<File, UploadedFile>(),
    images: new WeakMap<File, string>(),
  });

  const {
    control,
    register,
    handleSubmit,
    trigger,
    setValue,
    formState: { errors, isDirty, dirtyFields },
  } = useForm<ProductFormInput, unknown, ProductFormValues>({
    defaultValues: productFormDefaults(product),
    resolver: zodResolver(schema),
  });
  const hasNewImages = useWatch({ control, name: 'images' }).length > 0;
  const hasNewFile = useWatch({ control, name: 'digitalFile' }) !== null;

  // The list may carry only the public file details; the admin view of the product names it.
  const listedFile = product?.digitalFile;
  const needsFileName = Boolean(product) && !(listedFile && 'fileName' in listedFile);
  const detail = useProduct(needsFileName ? product?._id : undefined);
  const currentFile = describeCurrentFile(detail.data?.digitalFile ?? listedFile);
  // The list leaves the product's own download limit out; its admin view fills the field in.
  const detailLimit = detail.data?.downloadLimit;
  const isLimitEdited = Boolean(dirtyFields.downloadLimit);
  useEffect(() => {
    if (detailLimit === undefined || isLimitEdited) return;
    setValue('downloadLimit', detailLimit === null ? '' : String(detailLimit));
  }, [detailLimit, isLimitEdited, setValue]);

  const textField = (name: 'title' | 'subtitle' | 'description' | 'price' | 'downloadLimit') => {
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

  // Esc, the backdrop, Close and Cancel all come here. While files upload nothing closes the
  // form (the upload would be lost half-way); with changes, it asks before they are dropped.
  const [isDiscardAsked, setDiscardAsked] = useState(false);
  const requestClose = () => {
    if (isSubmitting) return;
    if (isDirty || hasNewImages || hasNewFile) setDiscardAsked(true);
    else onClose();
  };

  const uploadFile = async (file: File) => {
    const done = uploaded.current.files.get(file);
    if (done) {
      setStage({ name: 'file', percent: 100 });
      return done;
    }
    const signature = await getUploadSignature();
    const result = await uploadDigitalFile(file, signature, (percent) =>
      setStage({ name: 'file', percent }),
    );
    uploaded.current.files.set(file, result);
    return result;
  };

  const uploadImageOnce = async (file: File) => {
    const done = uploaded.current.images.get(file);
    if (done) return done;
    const url = await uploadImage(file);
    uploaded.current.images.set(file, url);
    return url;
  };

  const submit = async (values: ProductFormValues) => {
    let digitalFile: UploadedFile | undefined;
    let image: string[] | undefined;
    let running: 'file' | 'images' = 'file';
    try {
      if (values.digitalFile) {
        setStage({ name: 'file', percent: 0 });
        digitalFile = await uploadFile(values.digitalFile);
      }
      if (values.images.length > 0) {
        running = 'images';
        setStage({ name: 'images' });
        image = await uploadImagesInBatches(values.images, uploadImageOnce);
      }
    } catch (error) {
      setStage({ name: 'idle' });
      onUploadError(
        errorMessage(
          error,
          running === 'images'
            ? CatalogMessages.imageUploadFailed
            : CatalogMessages.unexpectedError,
        ),
      );
      return;
    }

    setStage({ name: 'finalizing' });
    const fields = {
      title: values.title,
      subtitle: values.subtitle,
      description: values.description,
      price: values.price,
      // An edit sends the limit only when it was changed: the product list does not carry it,
      // and leaving it out keeps the product's own.
      ...(!product || dirtyFields.downloadLimit ? { downloadLimit: values.downloadLimit } : {}),
    };
    const fileRef = digitalFile && {
      public_id: digitalFile.public_id,
      secure_url: digitalFile.secure_url,
    };
    if (!product && !fileRef) {
      // The form's rules require a file on create; this only guards the types.
      setStage({ name: 'idle' });
      onUploadError(CatalogMessages.digitalFileRequired);
      return;
    }
    try {
      await onSubmit(
        product
          ? {
              kind: 'update',
              id: product._id,
              // Absent images or file keep the current ones; chosen ones replace them.
              body: {
                ...fields,
                ...(image && { image }),
                ...(fileRef && { digitalFile: fileRef }),
              },
            }
          : { kind: 'create', body: { ...fields, image: image ?? [], digitalFile: fileRef! } },
      );
    } finally {
      setStage({ name: 'idle' });
    }
  };

  const title = product ? 'Edit Product' : 'Add Product';

  return (
    <Dialog open={open} onClose={requestClose} fullScreen={isSmallScreen} fullWidth maxWidth="sm">
      <Box
        component="form"
        noValidate
        onSubmit={(event) => void handleSubmit(submit)(event)}
        sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, flex: '1 1 auto' }}
      >
        <DialogTitle sx={{ fontWeight: 600, pr: 7 }}>{title}</DialogTitle>
        <IconButton
          aria-label="Close"
          onClick={requestClose}
          disabled={isSubmitting}
          sx={{ position: 'absolute', right: 12, top: 12 }}
        >
          <CloseIcon />
        </IconButton>

        <DialogContent dividers>
          <Stack spacing={2.5}>
            <TextField {...textField('title')} label="Title" required autoFocus />
            <TextField {...textField('subtitle')} label="Sub Title" />
            <TextField
              {...textField('description')}
              label="Description"
              required
              multiline
              minRows={4}
              maxRows={12}
            />
            <TextField
              {...textField('price')}
              label="Price"
              required
              type="number"
              slotProps={{
                input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
                htmlInput: {
                  step: 0.01,
                  min: 0.01,
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
          </Stack>
        </DialogContent>

        <Box role="status" aria-live="polite" sx={{ px: 3, pt: stage.name === 'idle' ? 0 : 2 }}>
          {stage.name !== 'idle' && (
            <Stack spacing={1}>
              <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 2 }}>
                <Typography id={stageMessageId} variant="body2" sx={{ fontWeight: 500 }}>
                  {STAGE_MESSAGES[stage.name]}
                </Typography>
                {stage.name === 'file' && (
                  <Typography variant="body2" color="textSecondary">
                    {`${stage.percent}%`}
                  </Typography>
                )}
              </Stack>
              <LinearProgress
                aria-labelledby={stageMessageId}
                {...(stage.name === 'file'
                  ? { variant: 'determinate', value: stage.percent }
                  : { variant: 'indeterminate' })}
              />
            </Stack>
          )}
        </Box>

        <DialogActions sx={{ px: 3, py: 2 }}>
          <Button onClick={requestClose} disabled={isSubmitting} color="inherit">
            Cancel
          </Button>
          <Button
            type="submit"
            variant="contained"
            loading={isSubmitting}
            loadingPosition="start"
            disabled={isSubmitting}
          >
            {product ? 'Save Changes' : 'Save Product'}
          </Button>
        </DialogActions>
      </Box>
      <ConfirmDialog
        open={isDiscardAsked}
        title="Discard changes?"
        description={
          product
            ? `Your changes to “${product.title}” will be lost.`
            : 'The new product you started will be lost.'
        }
        confirmLabel="Discard"
        cancelLabel="Keep editing"
        onConfirm={() => {
          setDiscardAsked(false);
          onClose();
        }}
        onCancel={() => setDiscardAsked(false)}
      />
    </Dialog>
  );
}

/** "guide.pdf (120.0 KB)"; before the admin view has loaded, the format stands in for the name. */
function describeCurrentFile(file: AdminProduct['digitalFile'] | undefined): string | undefined {
  if (!file) return undefined;
  const name = 'fileName' in file ? file.fileName : `${file.format.toUpperCase()} file`;
  return describeFile({ name, size: file.size });
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

function CurrentImages({ urls, isReplaced }: { urls: string[]; isReplaced: boolean }) {
  return (
    <Box sx={{ mb: 1.5 }}>
      <Typography variant="caption" color="textSecondary" component="p" sx={{ mb: 0.5 }}>
        {isReplaced ? 'Current images (will be replaced)' : 'Current images'}
      </Typography>
      <Stack
        direction="row"
        component="ul"
        sx={{ flexWrap: 'wrap', gap: 1, listStyle: 'none', p: 0, m: 0 }}
      >
        {urls.map((url, index) => (
          <Box component="li" key={url}>
            <Box
              component="img"
              src={imageVariantUrl(url, 'thumb')}
              alt={`Current image ${index + 1}`}
              loading="lazy"
              width={64}
              height={64}
              sx={{
                display: 'block',
                width: 64,
                height: 64,
                objectFit: 'cover',
                borderRadius: 1,
                border: 1,
                borderColor: 'divider',
                bgcolor: 'action.hover',
                opacity: isReplaced ? 0.45 : 1,
              }}
            />
          </Box>
        ))}
      </Stack>
    </Box>
  );
}
