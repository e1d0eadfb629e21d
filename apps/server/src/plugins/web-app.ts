import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import { ErrorCode, STORE_CONFIG_ELEMENT_ID, type StoreConfig, type User } from '@bindery/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import type {
  CurrentSettings,
  PageAnswer,
  PageQueries,
  PageRenderer,
} from '../lib/page-rendering.js';
import { STORE_PREFIX, createAppPageSender, userOf } from './app-page-sender.js';
import { loadRoutePreloads } from './route-preloads.js';
import {
  KeptPages,
  PAGE_VARY,
  compressIndex,
  createPageSender,
  pickEncoding,
  splitTemplate,
  type PageSender,
  type Template,
} from './sent-pages.js';

export { KeptPages, pickEncoding } from './sent-pages.js';

/** The public pages the server writes itself (head, status, the page); the app takes them over. */
export interface PublicPages {
  productPage(id: string, url: string, user: User | null): Promise<PageAnswer>;
  cataloguePage(url: string, search: string, user: User | null): Promise<PageAnswer>;
  /** The data a signed-in app page (not rendered here) starts with: the dashboard's list. */
  appPageQueries(route: string, search: string, user: User): Promise<PageQueries>;
}

/** Sent pages kept for the next visitor, by their share key: at most this many bytes. */
const KEPT_PAGES_BYTES = 32 * 1024 * 1024;

/** The settings every page carries in its config block: the environment's and the owner's. */
export function storeConfigOf(
  config: Config,
  { storeName, supportEmail, productNotes }: ReturnType<CurrentSettings>,
): StoreConfig {
  return {
    storeName,
    mainSiteUrl: config.mainSiteUrl,
    maxDigitalFileMb: Math.floor(config.uploads.maxFileBytes / (1024 * 1024)),
    productNotes,
    supportEmail,
    currency: config.currency,
    locale: config.locale,
  };
}

/**
 * The web build's server renderer (`apps/web/dist-ssr`, beside the app's `dist`), loaded the
 * first time a page is rendered, so start-up and an idle store stay as light as before; or
 * undefined when the build has none: the pages then go out with their head only, and the app
 * draws them. React runs its production build unless NODE_ENV says otherwise.
 */
export function loadPageRenderer(
  config: Config,
  settings: CurrentSettings,
): (() => Promise<PageRenderer>) | undefined {
  const file = path.join(config.webDistDir, '..', 'dist-ssr', 'entry-server.js');
  if (!existsSync(file)) return undefined;
  let loading: Promise<PageRenderer> | undefined;
  return () => {
    loading ??= (async () => {
      process.env.NODE_ENV ??= 'production';
      const renderer = (await import(pathToFileURL(file).href)) as PageRenderer & {
        configure(storeConfig: StoreConfig): void;
      };
      return configuredBeforeEachRender(
        renderer,
        (storeConfig) => renderer.configure(storeConfig),
        () => {
          const current = settings();
          return { version: current.version, storeConfig: storeConfigOf(config, current) };
        },
      );
    })();
    return loading;
  };
}

/**
 * The renderer, given the settings of the moment before a render whenever they changed (the
 * renderer keeps them module-wide; rendering is synchronous, so no other render sees them).
 */
function configuredBeforeEachRender(
  renderer: PageRenderer,
  configure: (storeConfig: StoreConfig) => void,
  current: () => { version: number; storeConfig: StoreConfig },
): PageRenderer {
  let configured: number | undefined;
  const ensure = () => {
    const { version, storeConfig } = current();
    if (version === configured) return;
    configure(storeConfig);
    configured = version;
  };
  return {
    cataloguePlace: (search) => renderer.cataloguePlace(search),
    dashboardPlace: (search) => renderer.dashboardPlace?.(search) ?? null,
    renderProductPage: (...args) => (ensure(), renderer.renderProductPage(...args)),
    renderProductNotFound: (...args) => (ensure(), renderer.renderProductNotFound(...args)),
    renderCataloguePage: (...args) => (ensure(), renderer.renderCataloguePage(...args)),
  };
}

/**
 * Serves the built single-page app under /store: hashed assets cached for a year, every other
 * path answered with index.html (carrying the shop's settings) so client routes work on reload.
 * Scripts and styles go out as the brotli or gzip copies the web build made; index.html is
 * compressed here after the settings are filled in, and again after the owner saves them.
 */
export async function registerWebApp(
  app: FastifyInstance,
  config: Config,
  settings: CurrentSettings,
  pages?: PublicPages,
) {
  // The server's root (and the top bar's default "Main site" link) opens the catalogue; the
  // store index itself still sends to the login, as the specification says. Temporary and not
  // cached: a seller may later put a site of their own at this address.
  app.get('/', { schema: { hide: true } }, (request, reply) =>
    reply
      .header('cache-control', 'no-cache')
      .redirect(`${request.storeUrl}${STORE_PREFIX}/products`, 302),
  );

  const indexFile = path.join(config.webDistDir, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn(
      `web app not built (${indexFile} missing): run "npm run build" to serve the store`,
    );
    return;
  }
  const currentIndex = indexAsSettingsMakeIt(readFileSync(indexFile, 'utf8'), config, settings);

  await app.register(fastifyStatic, {
    root: config.webDistDir,
    prefix: `${STORE_PREFIX}/`,
    wildcard: false,
    index: false,
    serveDotFiles: false,
    // file.js.br or file.js.gz when the browser takes it, with Content-Encoding and Vary.
    preCompressed: true,
    setHeaders(res, filePath) {
      const isHashedAsset = filePath.startsWith(path.join(config.webDistDir, 'assets') + path.sep);
      res.header(
        'cache-control',
        isHashedAsset ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
      );
    },
  });

  const sendIndex = (request: FastifyRequest, reply: FastifyReply) => {
    const encoding = pickEncoding(request.headers['accept-encoding']);
    reply
      .header('cache-control', 'no-cache')
      .header('vary', PAGE_VARY)
      .type('text/html; charset=utf-8');
    if (encoding !== 'identity') reply.header('content-encoding', encoding);
    return reply.send(currentIndex().html[encoding]);
  };

  const sendPage = createPageSender(() => currentIndex().template, new KeptPages(KEPT_PAGES_BYTES));
  const sendAppPage = createAppPageSender({
    index: currentIndex,
    preloads: loadRoutePreloads(config.webDistDir),
    ...(pages ? { queries: pages.appPageQueries } : {}),
    sendIndex,
    sendPage,
  });

  if (pages) registerPublicPages(app, pages, sendPage);

  app.get(STORE_PREFIX, { schema: { hide: true } }, sendAppPage);
  app.get(`${STORE_PREFIX}/*`, { schema: { hide: true } }, (request, reply) => {
    // A missing hashed asset is a real 404, not a client route.
    if (request.url.startsWith(`${STORE_PREFIX}/assets/`)) {
      return reply.code(404).send({ message: 'File not found.', code: ErrorCode.notFound });
    }
    return sendAppPage(request, reply);
  });
}

/**
 * index.html as the settings make it now (it carries them): made again, once, after each save.
 */
function indexAsSettingsMakeIt(sourceIndex: string, config: Config, settings: CurrentSettings) {
  let built:
    | {
        version: number;
        html: ReturnType<typeof compressIndex>;
        template: Template;
        title: string;
        storeName: string;
      }
    | undefined;
  return () => {
    const current = settings();
    if (built?.version !== current.version) {
      const renderedIndex = renderIndex(sourceIndex, storeConfigOf(config, current));
      built = {
        version: current.version,
        html: compressIndex(renderedIndex),
        template: splitTemplate(renderedIndex),
        title: /<title>[\s\S]*?<\/title>/.exec(renderedIndex)?.[0] ?? '',
        storeName: current.storeName,
      };
    }
    return built;
  };
}

/** Puts the shop's settings into index.html's JSON data block and title. */
export function renderIndex(html: string, storeConfig: StoreConfig): string {
  // Escaping "<" keeps a store name such as "</script>" from ending the data block.
  const json = JSON.stringify(storeConfig).replaceAll('<', '\\u003c');
  const escapedTitle = storeConfig.storeName
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;');
  return html
    .replace(
      new RegExp(
        `(<script type="application/json" id="${STORE_CONFIG_ELEMENT_ID}">)[\\s\\S]*?(</script>)`,
      ),
      (_match, open: string, close: string) => `${open}${json}${close}`,
    )
    .replace(/<title>[\s\S]*?<\/title>/, () => `<title>${escapedTitle}</title>`);
}

/** The pages the server renders itself: a product, and the catalogue with its search. */
function registerPublicPages(app: FastifyInstance, pages: PublicPages, sendPage: PageSender) {
  const searchOf = (url: string) => {
    const query = url.indexOf('?');
    return query === -1 ? '' : url.slice(query);
  };
  app.get<{ Params: { id: string } }>(
    `${STORE_PREFIX}/product/:id`,
    { schema: { hide: true } },
    async (request, reply) =>
      sendPage(
        request,
        reply,
        await pages.productPage(request.params.id, request.url, userOf(request)),
      ),
  );
  app.get(`${STORE_PREFIX}/products`, { schema: { hide: true } }, async (request, reply) =>
    sendPage(
      request,
      reply,
      await pages.cataloguePage(request.url, searchOf(request.url), userOf(request)),
    ),
  );
}
