import { z } from 'zod';

/**
 * Several files per product (issue 28): an ordered list, each with a display name. The
 * specification's `digitalFile` stays in every answer as the first of them.
 */
export const PRODUCT_FILE_LIMITS = { filesMin: 1, filesMax: 20, nameMin: 1, nameMax: 200 } as const;

export const ProductFileMessages = {
  filesRequired: 'A product needs at least one file',
  tooManyFiles: `A product has at most ${PRODUCT_FILE_LIMITS.filesMax} files`,
  nameRequired: 'Each file needs a name',
  nameTooLong: `A file name must be at most ${PRODUCT_FILE_LIMITS.nameMax} characters`,
  listedTwice: 'The same file is listed twice.',
  unknownFile: (id: string) => `The file ${id} is not one of this product's files.`,
  notUploaded: (publicId: string) => `The file ${publicId} was not found. Please upload it again.`,
  fileNotFound: 'File not found.',
} as const;

const FileFormatSchema = z.enum(['pdf', 'zip', 'epub']);

/** A file as buyers and visitors see it: what it is, never where it is kept. */
export const PublicProductFileSchema = z.object({
  id: z.string(),
  name: z.string(),
  format: FileFormatSchema,
  size: z.number().int().nonnegative(),
});
export type PublicProductFile = z.infer<typeof PublicProductFileSchema>;

/** The admin's view adds the file host's reference, as `digitalFile` has it. */
export const AdminProductFileSchema = PublicProductFileSchema.extend({
  public_id: z.string(),
  secure_url: z.string(),
});
export type AdminProductFile = z.infer<typeof AdminProductFileSchema>;

/**
 * A product answer's files in order (the first is `digitalFile`); present on a single
 * product's answer (GET, create, update, the admin's list), absent from public list pages.
 */
export const ProductFilesSchema = z
  .union([z.array(AdminProductFileSchema), z.array(PublicProductFileSchema)])
  .optional();

/** One entry of a create/update body: a file the product has (by id), or a new upload. */
export const ProductFileEntrySchema = z.object({
  /** A file of this product to keep (renamed or moved); absent for a new upload. */
  id: z.string().max(100).optional(),
  /** What the file host returned for the upload. */
  public_id: z.string().min(1).max(200),
  name: z
    .string({ error: ProductFileMessages.nameRequired })
    .trim()
    .min(PRODUCT_FILE_LIMITS.nameMin, ProductFileMessages.nameRequired)
    .max(PRODUCT_FILE_LIMITS.nameMax, ProductFileMessages.nameTooLong),
});
export type ProductFileEntry = z.infer<typeof ProductFileEntrySchema>;

/**
 * The product's whole file list, in order. Absent: `digitalFile` decides, as before (on an
 * edit it replaces the first file and keeps the others).
 */
export const ProductFileListSchema = z
  .array(ProductFileEntrySchema, { error: ProductFileMessages.filesRequired })
  .min(PRODUCT_FILE_LIMITS.filesMin, ProductFileMessages.filesRequired)
  .max(PRODUCT_FILE_LIMITS.filesMax, ProductFileMessages.tooManyFiles)
  .refine(
    (files) => new Set(files.map((file) => file.public_id)).size === files.length,
    ProductFileMessages.listedTwice,
  )
  .refine((files) => {
    const ids = files.flatMap((file) => (file.id ? [file.id] : []));
    return new Set(ids).size === ids.length;
  }, ProductFileMessages.listedTwice)
  .optional();

/** What a buyer's order delivers: its product's current files. */
export const OrderFilesResponseSchema = z.object({ files: z.array(PublicProductFileSchema) });
export type OrderFilesResponse = z.infer<typeof OrderFilesResponseSchema>;

export const OrderFileParamsSchema = z.object({
  id: z.string().max(100),
  fileId: z.string().max(100),
});
