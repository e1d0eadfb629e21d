import {
  StoreSettingsSchema,
  type StoreSettings,
  type UpdateStoreSettingsBody,
} from '@bindery/shared';
import type { SettingsRepo, SettingsRow } from './settings.repo.js';

/** The settings as this instance uses them, with the database version they were read at. */
export interface SettingsSnapshot extends StoreSettings {
  /** 0 until the database was read (the environment's values meanwhile). */
  version: number;
}

export interface SettingsServiceOptions {
  repo: SettingsRepo;
  /** The first values (STORE_NAME, SUPPORT_EMAIL, the specification's notes). */
  defaults: StoreSettings;
  clock?: () => number;
}

const FIELDS = Object.keys(StoreSettingsSchema.shape) as Array<keyof StoreSettings>;

/**
 * A saved document read field by field over the defaults: a setting added after it was saved,
 * or one a later version of the rules refuses, reads as its default rather than failing.
 */
function readDocument(text: string, defaults: StoreSettings): StoreSettings {
  let saved: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object') saved = parsed as Record<string, unknown>;
  } catch {
    // An unreadable document reads as the defaults; the next save replaces it.
  }
  const settings = { ...defaults };
  for (const field of FIELDS) {
    const value = StoreSettingsSchema.shape[field].safeParse(saved[field]);
    if (value.success) Object.assign(settings, { [field]: value.data });
  }
  return settings;
}

const withoutVersion = ({ version: _version, ...settings }: SettingsSnapshot): StoreSettings =>
  settings;

/**
 * The owner's settings (store name, support email, product notes, the seller on invoices), kept in the database and
 * written there from the environment on first read. Each instance keeps a copy: a save here
 * replaces it at once, a save on another instance is seen by `checkForChanges` (every quarter
 * second, app/change-watch.ts); listeners hear of every new version, to drop what they built
 * from the old one.
 */
export function createSettingsService({
  repo,
  defaults,
  clock = Date.now,
}: SettingsServiceOptions) {
  let current: SettingsSnapshot = { ...defaults, version: 0 };
  const listeners = new Set<(settings: SettingsSnapshot) => void>();

  const adopt = (row: SettingsRow) => {
    const version = Number(row.version);
    if (version === current.version) return;
    current = { ...readDocument(row.settings, defaults), version };
    for (const listener of listeners) listener(current);
  };

  async function load(): Promise<SettingsSnapshot> {
    let row = await repo.read();
    if (!row) {
      await repo.insertIfMissing(JSON.stringify(defaults), clock());
      row = await repo.read();
    }
    if (row) adopt(row);
    return current;
  }

  return {
    /** The settings now, without a query: what pages and email are made with. */
    now: (): SettingsSnapshot => current,

    /** The settings as saved in the database (the first read saves the environment's). */
    read: async (): Promise<StoreSettings> => withoutVersion(await load()),

    /**
     * Saves every setting; one the body leaves out (a setting newer than the caller) keeps its
     * saved value. This instance uses them from the next request on.
     */
    async update(body: UpdateStoreSettingsBody): Promise<StoreSettings> {
      const given = Object.fromEntries(
        Object.entries(body).filter(([, value]) => value !== undefined),
      );
      const settings = { ...withoutVersion(await load()), ...given };
      adopt(await repo.write(JSON.stringify(settings), clock()));
      return withoutVersion(current);
    },

    /** Reads the settings again when another instance saved them (their version moved). */
    async checkForChanges(): Promise<void> {
      const version = await repo.readVersion();
      if (version === undefined || version !== current.version) await load();
    },

    /** Calls `listener` with each new version of the settings. */
    onChange(listener: (settings: SettingsSnapshot) => void): void {
      listeners.add(listener);
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
