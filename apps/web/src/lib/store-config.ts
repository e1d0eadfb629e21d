import { DEFAULT_STORE_CONFIG, STORE_CONFIG_ELEMENT_ID, type StoreConfig } from '@bindery/shared';
import { useSyncExternalStore } from 'react';

/** The embedded config's fields, checked by hand: Zod stays out of the first view's scripts. */
function toStoreConfig(value: unknown): StoreConfig | null {
  if (typeof value !== 'object' || value === null) return null;
  const { storeName, mainSiteUrl, maxDigitalFileMb, productNotes, supportEmail, currency, locale } =
    value as Record<string, unknown>;
  if (typeof storeName !== 'string' || typeof mainSiteUrl !== 'string') return null;
  if (!Number.isSafeInteger(maxDigitalFileMb) || (maxDigitalFileMb as number) <= 0) return null;
  const notes =
    Array.isArray(productNotes) && productNotes.every((note) => typeof note === 'string')
      ? (productNotes as string[])
      : DEFAULT_STORE_CONFIG.productNotes;
  return {
    storeName,
    mainSiteUrl,
    maxDigitalFileMb: maxDigitalFileMb as number,
    productNotes: notes,
    supportEmail: typeof supportEmail === 'string' ? supportEmail : '',
    currency: typeof currency === 'string' && currency ? currency : DEFAULT_STORE_CONFIG.currency,
    locale: typeof locale === 'string' && locale ? locale : DEFAULT_STORE_CONFIG.locale,
  };
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

/** The store's config, read once: it changes without a page load only when the owner saves it. */
export function getStoreConfig(): StoreConfig {
  cached ??= readStoreConfig();
  return cached;
}

const listeners = new Set<() => void>();

/** The owner saved new settings: the pages shown from now on use them. */
export function updateStoreConfig(changes: Partial<StoreConfig>): void {
  cached = { ...getStoreConfig(), ...changes };
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

/** The store's config for a component that shows it at once when the owner saves (the top bar). */
export function useStoreConfig(): StoreConfig {
  return useSyncExternalStore(subscribe, getStoreConfig, getStoreConfig);
}
