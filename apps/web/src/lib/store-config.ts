import { DEFAULT_STORE_CONFIG, STORE_CONFIG_ELEMENT_ID, type StoreConfig } from '@bindery/shared';

/** The embedded config's fields, checked by hand: Zod stays out of the first view's scripts. */
function toStoreConfig(value: unknown): StoreConfig | null {
  if (typeof value !== 'object' || value === null) return null;
  const { storeName, mainSiteUrl, maxDigitalFileMb } = value as Record<string, unknown>;
  if (typeof storeName !== 'string' || typeof mainSiteUrl !== 'string') return null;
  if (!Number.isSafeInteger(maxDigitalFileMb) || (maxDigitalFileMb as number) <= 0) return null;
  return { storeName, mainSiteUrl, maxDigitalFileMb: maxDigitalFileMb as number };
}

/** Reads the StoreConfig the server embeds in index.html; anything unreadable means defaults. */
export function readStoreConfig(doc: Document = document): StoreConfig {
  const text = doc.getElementById(STORE_CONFIG_ELEMENT_ID)?.textContent;
  if (!text) return DEFAULT_STORE_CONFIG;
  try {
    return toStoreConfig(JSON.parse(text)) ?? DEFAULT_STORE_CONFIG;
  } catch {
    return DEFAULT_STORE_CONFIG;
  }
}

let cached: StoreConfig | undefined;

/** The server's renderer has no document: it is given the config the page will carry. */
export function provideStoreConfig(config: StoreConfig): void {
  cached = config;
}

/** The store's config, read once: it cannot change without a page load. */
export function getStoreConfig(): StoreConfig {
  cached ??= readStoreConfig();
  return cached;
}
