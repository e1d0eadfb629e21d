import {
  DEFAULT_STORE_CONFIG,
  STORE_CONFIG_ELEMENT_ID,
  StoreConfigSchema,
  type StoreConfig,
} from '@bindery/shared';

/** Reads the StoreConfig the server embeds in index.html; anything unreadable means defaults. */
export function readStoreConfig(doc: Document = document): StoreConfig {
  const text = doc.getElementById(STORE_CONFIG_ELEMENT_ID)?.textContent;
  if (!text) return DEFAULT_STORE_CONFIG;
  try {
    const parsed = StoreConfigSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : DEFAULT_STORE_CONFIG;
  } catch {
    return DEFAULT_STORE_CONFIG;
  }
}

let cached: StoreConfig | undefined;

/** The store's config, read once: it cannot change without a page load. */
export function getStoreConfig(): StoreConfig {
  cached ??= readStoreConfig();
  return cached;
}
