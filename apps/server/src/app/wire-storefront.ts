import type { CatalogService } from '../features/catalog/catalog.service.js';
import { createSitemap } from '../features/storefront/sitemap.js';
import { storefrontRoutes } from '../features/storefront/storefront.routes.js';
import { createStorefrontService } from '../features/storefront/storefront.service.js';
import { loadPageRenderer, registerWebApp } from '../plugins/web-app.js';
import type { AppContext } from './app-context.js';

/** The public pages, rendered on the server, the sitemap and the web app's files. */
export async function wireStorefront(
  { app, config, options }: AppContext,
  catalog: CatalogService,
) {
  const publicUrl = config.publicUrl.replace(/\/$/, '');
  const { pageRenderer } = options;
  const storefront = createStorefrontService({
    catalog,
    store: { storeName: config.storeName, publicUrl },
    renderer: pageRenderer ? async () => pageRenderer : loadPageRenderer(config),
  });
  await app.register(storefrontRoutes, {
    sitemap: createSitemap({ catalog, publicUrl, urlsPerFile: options.sitemapUrlsPerFile }),
    publicUrl,
  });
  await registerWebApp(app, config, storefront);
}
