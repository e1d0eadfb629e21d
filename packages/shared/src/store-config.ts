import { DEFAULT_MAX_DIGITAL_FILE_MB } from './limits.js';
import { DEFAULT_CURRENCY, DEFAULT_LOCALE } from './money.js';
import { DEFAULT_PRODUCT_NOTES } from './settings-texts.js';

/**
 * What the server tells the web app about the shop, embedded in index.html at start-up. Not an
 * API body, so no Zod schema: the web app reads it on its first view, where Zod is not loaded.
 */
export interface StoreConfig {
  storeName: string;
  mainSiteUrl: string;
  /** Largest digital file the store takes (MAX_UPLOAD_SIZE_MB), so the form refuses before uploading. */
  maxDigitalFileMb: number;
  /** The owner's settings (Settings screen): the notes on every product page; none when empty. */
  productNotes: string[];
  /** Where buyers write with questions; empty when the store names none. */
  supportEmail: string;
  /** STORE_CURRENCY, ISO 4217 upper case: the currency of every price in the catalogue. */
  currency: string;
  /** STORE_LOCALE, a BCP 47 tag: how amounts are written ("19,90 €" in de-DE). */
  locale: string;
}

export const DEFAULT_STORE_CONFIG: StoreConfig = {
  storeName: 'Bindery',
  mainSiteUrl: '/',
  maxDigitalFileMb: DEFAULT_MAX_DIGITAL_FILE_MB,
  productNotes: [...DEFAULT_PRODUCT_NOTES],
  supportEmail: '',
  currency: DEFAULT_CURRENCY,
  locale: DEFAULT_LOCALE,
};

/** Id of the JSON data block in index.html that carries the StoreConfig. */
export const STORE_CONFIG_ELEMENT_ID = 'bindery-config';

/**
 * Id of the JSON data block a server-rendered page carries (decision 020): the data the page
 * was rendered from, which the app starts with so its first render matches the HTML.
 */
export const PAGE_DATA_ELEMENT_ID = 'bindery-page';
