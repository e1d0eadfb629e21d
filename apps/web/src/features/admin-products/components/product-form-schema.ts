import {
  CatalogMessages,
  CreateProductBodySchema,
  DIGITAL_FILE_EXTENSIONS,
  IMAGE_FORMATS_TEXT,
  MAX_IMAGE_BYTES,
  MAX_IMAGE_MB,
  PRODUCT_LIMITS,
  PricingMessages,
  TaxCodeSchema,
  UploadMessages,
  hasValidDecimals,
  priceProblemIn,
  sniffDigitalFormat,
  sniffImageFormat,
} from '@bindery/shared';
import { z } from 'zod';
import { getStoreConfig } from '../../../lib/store-config';
import { priceInUsd, type AdminProduct } from '../api/list-products';
import { chosenFiles, currentImageEntries, type ImageEntry } from './image-entries';
import { LicenseKeysFormSchema, licenseKeysFormDefaults } from './license-keys-form';
import { checkNotifyBuyers } from './notify-buyers';

export type ProductFormMode = 'add' | 'edit';

const MB = 1024 * 1024;

/** What the image picker says it takes, from the limits the server applies. */
export const IMAGES_ACCEPTED_TEXT = `${IMAGE_FORMATS_TEXT}, up to ${MAX_IMAGE_MB} MB each`;
/** What the digital file picker says it takes, with the store's own size limit. */
export function digitalFileAcceptedText(maxMb = getStoreConfig().maxDigitalFileMb): string {
  return `PDF, ZIP or EPUB, up to ${maxMb} MB`;
}

/** The image types the image host takes, for the picker's `accept`. */
export const IMAGE_ACCEPT = 'image/jpeg,image/png,image/webp,image/gif,image/avif';

const extensionOf = (name: string) =>
  DIGITAL_FILE_EXTENSIONS.find((extension) => name.toLowerCase().endsWith(extension));

/** A file's first 16 bytes: enough for every magic number the form checks. */
async function readHead(file: File): Promise<Uint8Array> {
  const head = file.slice(0, 16);
  if (typeof head.arrayBuffer === 'function') return new Uint8Array(await head.arrayBuffer());
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsArrayBuffer(head);
  });
}

/**
 * What is wrong with a chosen image, naming it, or null. Checked before any upload starts, so a
 * wrong or oversized file is refused at once instead of after it has crossed the network.
 */
export async function imageProblem(file: File): Promise<string | null> {
  if (file.size === 0) return `${file.name} is empty.`;
  if (file.size > MAX_IMAGE_BYTES) return `${file.name} is larger than ${MAX_IMAGE_MB} MB.`;
  if (!sniffImageFormat(await readHead(file)))
    return `${file.name} is not a ${IMAGE_FORMATS_TEXT} image.`;
  return null;
}

/**
 * What is wrong with the chosen digital file, naming it, or null (the server checks further).
 * The size limit is the store's (MAX_UPLOAD_SIZE_MB, embedded in the page by the server).
 */
export async function digitalFileProblem(
  file: File,
  maxMb = getStoreConfig().maxDigitalFileMb,
): Promise<string | null> {
  const extension = extensionOf(file.name);
  if (!extension) return `${file.name}: ${UploadMessages.fileTypeNotAllowed}`;
  if (file.size === 0) return `${file.name}: ${UploadMessages.emptyFile}`;
  if (file.size > maxMb * MB) return `${file.name} is larger than ${maxMb} MB.`;
  const content = sniffDigitalFormat(await readHead(file));
  if (!content) return `${file.name}: ${UploadMessages.fileNotRealDigital}`;
  if ((content === 'pdf') !== (extension === '.pdf'))
    return `${file.name}: ${UploadMessages.fileTypeMismatch}`;
  return null;
}

/**
 * The product form's rules: the server's own field rules and messages (shared), plus the files,
 * each checked by its content and size before anything is uploaded. Adding needs at least one
 * image and the digital file; editing keeps the current file when none is chosen.
 */
export function productFormSchema(
  mode: ProductFormMode,
  currentImageCount = 0,
  currency = getStoreConfig().currency,
) {
  const isAdd = mode === 'add';
  const fields = CreateProductBodySchema.shape;

  let images = z
    .array(z.custom<ImageEntry>())
    .max(PRODUCT_LIMITS.imagesMax, CatalogMessages.tooManyImages);
  // An edit may keep the list as it is, but cannot save a product left without any image.
  if (isAdd || currentImageCount > 0)
    images = images.min(PRODUCT_LIMITS.imagesMin, CatalogMessages.imagesRequired);

  return z
    .object({
      title: fields.title,
      subtitle: fields.subtitle,
      description: fields.description,
      // The number input gives text; empty text is a missing price, not zero.
      price: z
        .string()
        .trim()
        .min(1, CatalogMessages.priceRequired)
        .transform(Number)
        .pipe(fields.price)
        // The store's currency may take fewer decimals (none for JPY): the server's own message.
        .superRefine((price, context) => {
          const problem = priceProblemIn(currency, price);
          if (problem) context.addIssue({ code: 'custom', message: problem });
        }),
      // Empty: the store's DOWNLOAD_LIMIT; otherwise a whole number, 0 for unlimited.
      downloadLimit: z
        .string()
        .trim()
        .transform((text) => (text === '' ? null : Number(text)))
        .pipe(fields.downloadLimit.unwrap()),
      // Empty: the store's default tax code; otherwise a Stripe code, checked as the server does.
      taxCode: z.string().pipe(TaxCodeSchema.unwrap()),
      payWhatYouWant: z.boolean(),
      // Undefined until the product's admin view has said (the list leaves it out): then not sent.
      stampPdf: z.boolean().optional(),
      // Read only with pay what you want; empty is 0 (free allowed). At most the price: the server.
      minimumPrice: z
        .string()
        .trim()
        .transform((text) => (text === '' ? 0 : Number(text)))
        .pipe(
          z
            .number({ error: PricingMessages.minimumInvalid })
            .min(0, PricingMessages.minimumInvalid),
        )
        .superRefine((minimum, context) => {
          if (!hasValidDecimals(minimum, currency)) {
            context.addIssue({ code: 'custom', message: PricingMessages.minimumDecimals });
          }
        }),
      licenseKeys: LicenseKeysFormSchema,
      images: images.superRefine(async (entries, context) => {
        const problems = (await Promise.all(chosenFiles(entries).map(imageProblem))).filter(
          (problem) => problem !== null,
        );
        if (problems.length > 0) context.addIssue({ code: 'custom', message: problems.join(' ') });
      }),
      digitalFile: z
        .instanceof(File)
        .nullable()
        .refine((file) => !isAdd || file !== null, CatalogMessages.digitalFileRequired)
        .superRefine(async (file, context) => {
          const problem = file && (await digitalFileProblem(file));
          if (problem) context.addIssue({ code: 'custom', message: problem });
        }),
      notifyBuyers: z.boolean(),
      notifyMessage: z.string(),
    })
    .superRefine(checkNotifyBuyers);
}

export type ProductFormInput = z.input<ReturnType<typeof productFormSchema>>;
export type ProductFormValues = z.output<ReturnType<typeof productFormSchema>>;

/** Empty for a new product; the row's values and images when editing (a file is only chosen anew). */
export function productFormDefaults(product: AdminProduct | null): ProductFormInput {
  const price = product ? priceInUsd(product.price) : undefined;
  return {
    title: product?.title ?? '',
    subtitle: product?.subtitle ?? '',
    description: product?.description ?? '',
    price: price === undefined ? '' : price.toFixed(2),
    downloadLimit:
      product?.downloadLimit === undefined || product.downloadLimit === null
        ? ''
        : String(product.downloadLimit),
    taxCode: product?.taxCode ?? '',
    payWhatYouWant: product?.payWhatYouWant ?? false,
    stampPdf: product ? product.stampPdf : false,
    minimumPrice: product?.minimumPrice == null ? '' : String(product.minimumPrice),
    licenseKeys: licenseKeysFormDefaults(product?.licenseKeys),
    images: product ? currentImageEntries(product.image) : [],
    digitalFile: null,
    notifyBuyers: false,
    notifyMessage: '',
  };
}

/** "cover.png (123.4 KB)": the specification lists chosen files by name and size in KB. */
export function describeFile(file: { name: string; size: number }): string {
  return `${file.name} (${formatKilobytes(file.size)})`;
}

export function formatKilobytes(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}
