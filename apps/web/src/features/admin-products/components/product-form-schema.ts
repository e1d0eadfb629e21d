import {
  CatalogMessages,
  CreateProductBodySchema,
  DIGITAL_FILE_EXTENSIONS,
  PRODUCT_LIMITS,
  UploadMessages,
} from '@bindery/shared';
import { z } from 'zod';
import { priceInUsd, type AdminProduct } from '../api/list-products';

export type ProductFormMode = 'add' | 'edit';

const hasDigitalExtension = (name: string) =>
  DIGITAL_FILE_EXTENSIONS.some((extension) => name.toLowerCase().endsWith(extension));

/**
 * The product form's rules: the server's own field rules and messages (shared), plus the files.
 * Adding needs at least one image and the digital file; editing keeps the current ones when none
 * are chosen.
 */
export function productFormSchema(mode: ProductFormMode) {
  const isAdd = mode === 'add';
  const fields = CreateProductBodySchema.shape;

  let images = z
    .array(
      z
        .instanceof(File)
        .refine((file) => file.type.startsWith('image/'), UploadMessages.imageTypeNotAllowed),
    )
    .max(PRODUCT_LIMITS.imagesMax, CatalogMessages.tooManyImages);
  if (isAdd) images = images.min(PRODUCT_LIMITS.imagesMin, CatalogMessages.imagesRequired);

  return z.object({
    title: fields.title,
    subtitle: fields.subtitle,
    description: fields.description,
    // The number input gives text; empty text is a missing price, not zero.
    price: z
      .string()
      .trim()
      .min(1, CatalogMessages.priceRequired)
      .transform(Number)
      .pipe(fields.price),
    images,
    digitalFile: z
      .instanceof(File)
      .nullable()
      .refine((file) => !isAdd || file !== null, CatalogMessages.digitalFileRequired)
      .refine((file) => !file || hasDigitalExtension(file.name), UploadMessages.fileTypeNotAllowed),
  });
}

export type ProductFormInput = z.input<ReturnType<typeof productFormSchema>>;
export type ProductFormValues = z.output<ReturnType<typeof productFormSchema>>;

/** Empty for a new product; the row's values when editing (files are only chosen anew). */
export function productFormDefaults(product: AdminProduct | null): ProductFormInput {
  const price = product ? priceInUsd(product.price) : undefined;
  return {
    title: product?.title ?? '',
    subtitle: product?.subtitle ?? '',
    description: product?.description ?? '',
    price: price === undefined ? '' : price.toFixed(2),
    images: [],
    digitalFile: null,
  };
}

/** "cover.png (123.4 KB)": the specification lists chosen files by name and size in KB. */
export function describeFile(file: { name: string; size: number }): string {
  return `${file.name} (${formatKilobytes(file.size)})`;
}

export function formatKilobytes(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}
