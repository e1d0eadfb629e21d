import type { CatalogService } from '../features/catalog/index.js';
import type { SettingsService } from '../features/settings/index.js';
import {
  createSitemap,
  createStorefrontService,
  storefrontRoutes,
} from '../features/storefront/index.js';
import { loadPageRenderer, registerWebApp } from '../plugins/web-app.js';
import type { AppContext } from './app-context.js';

/** The public pages, rendered on the server, the sitemap and the web app's files. */
export async function wireStorefront(
  { app, config, options }: AppContext,
  catalog: CatalogService,
  settings: SettingsService,
) {
  const publicUrl = config.publicUrl.replace(/\/$/, '');
  const { pageRenderer } = options;
  const current = () => settings.now();
  const storefront = createStorefrontService({
    catalog,
    publicUrl,
    settings: current,
    renderer: pageRenderer ? async () => pageRenderer : loadPageRenderer(config, current),
  });
  await app.register(storefrontRoutes, {
    sitemap: createSitemap({ catalog, publicUrl, urlsPerFile: options.sitemapUrlsPerFile }),
    publicUrl,
  });
  await registerWebApp(app, config, current, storefront);
}
