import { z } from 'zod';
import { DEFAULT_MAX_DIGITAL_FILE_MB } from './uploads.js';

/** What the server tells the web app about the shop, embedded in index.html at serve time. */
export const StoreConfigSchema = z.object({
  storeName: z.string(),
  mainSiteUrl: z.string(),
  /** Largest digital file the store takes (MAX_UPLOAD_SIZE_MB), so the form refuses before uploading. */
  maxDigitalFileMb: z.number().int().positive(),
});
export type StoreConfig = z.infer<typeof StoreConfigSchema>;

export const DEFAULT_STORE_CONFIG: StoreConfig = {
  storeName: 'Bindery',
  mainSiteUrl: '/',
  maxDigitalFileMb: DEFAULT_MAX_DIGITAL_FILE_MB,
};

/** Id of the JSON data block in index.html that carries the StoreConfig. */
export const STORE_CONFIG_ELEMENT_ID = 'bindery-config';
