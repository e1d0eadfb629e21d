import { DEFAULT_PRODUCT_NOTES } from '@bindery/shared';
import { createSettingsService, settingsRoutes } from '../features/settings/index.js';
// The wiring alone builds a feature's repo; no entry exports one (decision 025).
import { createSettingsRepo } from '../features/settings/settings.repo.js';
import type { AppContext } from './app-context.js';
import { watchDatabase } from './catalogue-watch.js';

/**
 * The owner's settings, first of all: email, pages and the web app's config read them. They are
 * read before the store serves (or, when the database comes later, as soon as it is there) and
 * again whenever another instance saves them.
 */
export async function wireSettings({ app, config, options, database, readiness }: AppContext) {
  const settings = createSettingsService({
    repo: createSettingsRepo(database.db),
    defaults: {
      storeName: config.storeName,
      supportEmail: config.supportEmail,
      productNotes: [...DEFAULT_PRODUCT_NOTES],
      ...config.seller,
    },
    clock: options.clock,
  });
  app.decorate('settings', settings);
  await app.register(settingsRoutes, { settings });
  app.addHook('onReady', async () => {
    const first = readiness.whenReady().then(() => settings.read());
    if (readiness.isReady()) await first;
    else first.catch((error: unknown) => app.log.warn({ err: error }, 'settings not read'));
  });
  watchDatabase(app, 'settings', () => settings.checkForChanges());
  return settings;
}
