import { z } from 'zod';

/** Answer of POST /api/products/generate-signature: what a signed file upload needs. */
export const UploadSignatureSchema = z.object({
  signature: z.string(),
  timestamp: z.number().int(),
  api_key: z.string(),
  folder: z.string(),
});
export type UploadSignature = z.infer<typeof UploadSignatureSchema>;

/** The private folder of digital files (specification, section 7: "secure digital products"). */
export const DIGITAL_FILES_FOLDER = 'secure-digital-products';

/** Answer of the file host, POST /api/uploads/file. */
export const UploadedFileSchema = z.object({
  public_id: z.string(),
  secure_url: z.string(),
  format: z.enum(['pdf', 'zip', 'epub']),
  size: z.number().int(),
  fileName: z.string(),
});
export type UploadedFile = z.infer<typeof UploadedFileSchema>;

/** Answer of the image host, POST /api/uploads/image. */
export const UploadedImageSchema = z.object({ url: z.string() });
export type UploadedImage = z.infer<typeof UploadedImageSchema>;

/** Image formats the image host accepts, by content. */
export const IMAGE_FORMATS = ['jpeg', 'png', 'webp', 'gif', 'avif'] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];

/** The image formats as people read them. */
export const IMAGE_FORMATS_TEXT = 'JPEG, PNG, WebP, GIF or AVIF';
/** Largest image the image host takes. */
export const MAX_IMAGE_MB = 10;
export const MAX_IMAGE_BYTES = MAX_IMAGE_MB * 1024 * 1024;

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0) =>
  signature.every((byte, index) => bytes[at + index] === byte);
const ascii = (text: string) => Array.from(text, (char) => char.charCodeAt(0));

/**
 * The image format its first 16 bytes announce (magic numbers), or null. A first look, for the
 * admin form to refuse a wrong file before uploading it; the server decodes every image anyway.
 */
export function sniffImageFormat(bytes: Uint8Array): ImageFormat | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'gif';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'webp';
  if (
    startsWith(bytes, ascii('ftyp'), 4) &&
    (startsWith(bytes, ascii('avif'), 8) || startsWith(bytes, ascii('avis'), 8))
  )
    return 'avif';
  return null;
}

/** `pdf` or `zip` (an EPUB is a ZIP) by the first bytes, or null; the server checks further. */
export function sniffDigitalFormat(bytes: Uint8Array): 'pdf' | 'zip' | null {
  if (startsWith(bytes, ascii('%PDF-'))) return 'pdf';
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) return 'zip';
  return null;
}

export const UploadMessages = {
  fileTypeNotAllowed: 'Only PDF, ZIP and EPUB files are allowed.',
  fileTypeMismatch: "The file's content does not match its name (.pdf, .zip or .epub).",
  /** Named .pdf, .zip or .epub, but its content is none of them. */
  fileNotRealDigital: 'This file is not a real PDF, ZIP or EPUB.',
  archiveTooManyEntries: 'The archive holds too many files.',
  imageTypeNotAllowed: 'Only JPEG, PNG, WebP, GIF or AVIF images are allowed.',
  fileTooLarge: 'The file is too large.',
  imageTooLarge: 'The image is larger than 10 MB.',
  imageTooManyPixels: 'The image has too many pixels.',
  imageUnreadable: 'The image could not be read.',
  emptyFile: 'The file is empty.',
  missingFile: 'No file was sent.',
  oneFileOnly: 'Send exactly one file per upload.',
  unexpectedFileField: 'The form has a file in an unexpected field.',
  formTooLarge: 'The upload form has too many or too long fields.',
  malformedForm: 'The upload was incomplete or is not a valid form.',
  notMultipart: 'Send the upload as multipart/form-data.',
  uploadUnavailable: 'An uploaded file is no longer available. Please upload it again.',
  badSignature: 'The upload signature is not valid.',
  expiredSignature: 'The upload signature has expired. Please try again.',
  usedSignature: 'The upload signature was already used. Please try again.',
  otherSessionSignature:
    'The upload signature was issued to another session. Please sign in again and retry.',
  signatureAfterFile:
    'Send the signature fields (timestamp, signature, api_key, folder) before the file.',
  tooManyUploadBytes: 'Too much has been uploaded from your address this hour. Please wait.',
  uploadStalled: 'The upload stopped sending data and was cancelled. Please try again.',
  storageFull: 'The store has run out of disk space. Please try again later.',
} as const;
