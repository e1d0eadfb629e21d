import { z } from 'zod';

/** What the server tells the web app about the shop, embedded in index.html at serve time. */
export const StoreConfigSchema = z.object({
  storeName: z.string(),
  mainSiteUrl: z.string(),
});
export type StoreConfig = z.infer<typeof StoreConfigSchema>;

export const DEFAULT_STORE_CONFIG: StoreConfig = { storeName: 'Bindery', mainSiteUrl: '/' };

/** Id of the JSON data block in index.html that carries the StoreConfig. */
export const STORE_CONFIG_ELEMENT_ID = 'bindery-config';
