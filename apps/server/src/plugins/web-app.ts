import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { constants, brotliCompressSync, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import {
  ErrorCode,
  PAGE_DATA_ELEMENT_ID,
  STORE_CONFIG_ELEMENT_ID,
  type StoreConfig,
  type User,
} from '@bindery/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import { jsonForScript } from '../lib/html.js';
import type { PageAnswer, PageRenderer, RenderedApp } from '../lib/page-rendering.js';

/** The public pages the server writes itself (head, status, the page); the app takes them over. */
export interface PublicPages {
  productPage(id: string, url: string, user: User | null): Promise<PageAnswer>;
  cataloguePage(url: string, search: string, user: User | null): Promise<PageAnswer>;
}

/** Sent pages kept for the next visitor, by their share key: at most this many bytes. */
const KEPT_PAGES_BYTES = 32 * 1024 * 1024;

/** The settings every page carries in its config block. */
export function storeConfigOf(config: Config): StoreConfig {
  return {
    storeName: config.storeName,
    mainSiteUrl: config.mainSiteUrl,
    maxDigitalFileMb: Math.floor(config.uploads.maxFileBytes / (1024 * 1024)),
  };
}

/**
 * The web build's server renderer (`apps/web/dist-ssr`, beside the app's `dist`), loaded the
 * first time a page is rendered, so start-up and an idle store stay as light as before; or
 * undefined when the build has none: the pages then go out with their head only, and the app
 * draws them. React runs its production build unless NODE_ENV says otherwise.
 */
export function loadPageRenderer(config: Config): (() => Promise<PageRenderer>) | undefined {
  const file = path.join(config.webDistDir, '..', 'dist-ssr', 'entry-server.js');
  if (!existsSync(file)) return undefined;
  let loading: Promise<PageRenderer> | undefined;
  return () => {
    loading ??= (async () => {
      process.env.NODE_ENV ??= 'production';
      const renderer = (await import(pathToFileURL(file).href)) as PageRenderer & {
        configure(storeConfig: StoreConfig): void;
      };
      renderer.configure(storeConfigOf(config));
      return renderer;
    })();
    return loading;
  };
}

const STORE_PREFIX = '/store';

/**
 * Serves the built single-page app under /store: hashed assets cached for a year, every other
 * path answered with index.html (carrying the shop's settings) so client routes work on reload.
 * Scripts and styles go out as the brotli or gzip copies the web build made; index.html is
 * compressed once here, after the settings are filled in.
 */
export async function registerWebApp(app: FastifyInstance, config: Config, pages?: PublicPages) {
  app.get('/', { schema: { hide: true } }, (_request, reply) => reply.redirect(`${STORE_PREFIX}/`));

  const indexFile = path.join(config.webDistDir, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn(
      `web app not built (${indexFile} missing): run "npm run build" to serve the store`,
    );
    return;
  }
  const renderedIndex = renderIndex(readFileSync(indexFile, 'utf8'), storeConfigOf(config));
  const indexHtml = compressIndex(renderedIndex);
  const template = splitTemplate(renderedIndex);
  const keptPages = new KeptPages(KEPT_PAGES_BYTES);

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
      .header('vary', 'accept-encoding')
      .type('text/html; charset=utf-8');
    if (encoding !== 'identity') reply.header('content-encoding', encoding);
    return reply.send(indexHtml[encoding]);
  };

  /**
   * index.html with the page's own head in place of the title and the rendered app in #root,
   * compressed; kept for the next visitor when the page is the same for everyone.
   */
  const sendPage = (request: FastifyRequest, reply: FastifyReply, page: PageAnswer) => {
    const encoding = pickEncoding(request.headers['accept-encoding']);
    let body: Buffer;
    if (page.shareKey === undefined) {
      // This visitor's page only: compressed once, for them.
      const html = Buffer.from(assemblePage(template, page.content()));
      body = encoding === 'identity' ? html : compressPage(html, encoding);
    } else {
      let sent = keptPages.get(page.shareKey);
      if (!sent) {
        sent = toSentPage(assemblePage(template, page.content()));
        keptPages.set(page.shareKey, sent);
      }
      body = sent[encoding];
    }
    reply
      .code(page.status)
      // A page with the visitor's name on it is theirs alone.
      .header('cache-control', page.shareKey === undefined ? 'private, no-cache' : 'no-cache')
      .header('vary', 'accept-encoding')
      .type('text/html; charset=utf-8');
    if (encoding !== 'identity') reply.header('content-encoding', encoding);
    return reply.send(body);
  };

  if (pages) {
    const userOf = (request: FastifyRequest): User | null => {
      const user = request.sessionUser;
      return user ? { _id: user._id, name: user.name, email: user.email, role: user.role } : null;
    };
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

  app.get(STORE_PREFIX, { schema: { hide: true } }, sendIndex);
  app.get(`${STORE_PREFIX}/*`, { schema: { hide: true } }, (request, reply) => {
    // A missing hashed asset is a real 404, not a client route.
    if (request.url.startsWith(`${STORE_PREFIX}/assets/`)) {
      return reply.code(404).send({ message: 'File not found.', code: ErrorCode.notFound });
    }
    return sendIndex(request, reply);
  });
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

type Encoding = 'br' | 'gzip' | 'identity';

/** index.html cut where a page's head and its rendered app go. */
interface Template {
  beforeTitle: string;
  /** From after the title to the inside of `<div id="root">`. */
  beforeApp: string;
  afterApp: string;
}

const ROOT_ELEMENT = '<div id="root"></div>';

function splitTemplate(html: string): Template {
  const [beforeTitle = '', rest = ''] = html.split(/<title>[\s\S]*?<\/title>/);
  const root = rest.indexOf(ROOT_ELEMENT);
  if (root === -1) return { beforeTitle, beforeApp: rest, afterApp: '' };
  const inside = root + ROOT_ELEMENT.length - '</div>'.length;
  return { beforeTitle, beforeApp: rest.slice(0, inside), afterApp: rest.slice(inside) };
}

/** Resource hints React writes ahead of the markup (an image to preload) belong in the head. */
const LEADING_LINKS = /^(?:<link [^>]*\/>)+/;

function assemblePage(template: Template, { head, app }: { head: string; app?: RenderedApp }) {
  if (!app) return `${template.beforeTitle}${head}${template.beforeApp}${template.afterApp}`;
  const hints = LEADING_LINKS.exec(app.html)?.[0] ?? '';
  const markup = app.html.slice(hints.length);
  const data = `<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">${jsonForScript(app.data)}</script>`;
  return (
    `${template.beforeTitle}${head}${hints}${template.beforeApp}${markup}</div>${data}` +
    template.afterApp.slice('</div>'.length)
  );
}

type SentPage = Record<Encoding, Buffer>;

function toSentPage(html: string): SentPage {
  const identity = Buffer.from(html);
  return { identity, br: compressPage(identity, 'br'), gzip: compressPage(identity, 'gzip') };
}

/** Sent pages by share key, the least recently used dropped past a budget of bytes. */
export class KeptPages {
  private readonly pages = new Map<string, SentPage>();
  private bytes = 0;

  constructor(private readonly budget: number) {}

  get(key: string): SentPage | undefined {
    const page = this.pages.get(key);
    if (page) {
      this.pages.delete(key);
      this.pages.set(key, page);
    }
    return page;
  }

  set(key: string, page: SentPage): void {
    const size = sizeOf(page);
    if (size > this.budget) return;
    const replaced = this.pages.get(key);
    if (replaced) this.bytes -= sizeOf(replaced);
    this.pages.set(key, page);
    this.bytes += size;
    for (const [oldKey, old] of this.pages) {
      if (this.bytes <= this.budget) break;
      this.pages.delete(oldKey);
      this.bytes -= sizeOf(old);
    }
  }
}

const sizeOf = (page: SentPage) => page.identity.length + page.br.length + page.gzip.length;

/**
 * A rendered page, compressed with quick settings: it is made on a request (and once more for
 * each signed-in visitor), unlike index.html, which is compressed once at start-up.
 */
function compressPage(html: Buffer, encoding: 'br' | 'gzip'): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(html, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 4,
          [constants.BROTLI_PARAM_SIZE_HINT]: html.length,
        },
      })
    : gzipSync(html, { level: 6 });
}

/** index.html in each encoding, made once at start-up: it only changes with the settings. */
function compressIndex(html: string): Record<Encoding, Buffer> {
  const identity = Buffer.from(html);
  return {
    identity,
    br: brotliCompressSync(identity, {
      params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
    }),
    gzip: gzipSync(identity, { level: constants.Z_BEST_COMPRESSION }),
  };
}

/**
 * The encoding to answer with: brotli if the client takes it, then gzip, else none. An encoding
 * with q=0 is refused, and `*` stands for any encoding not named.
 */
export function pickEncoding(acceptEncoding: string | string[] | undefined): Encoding {
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : (acceptEncoding ?? '');
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    weights.set(name, Number.isNaN(weight) ? 0 : weight);
  }
  const accepts = (name: string) => (weights.get(name) ?? weights.get('*') ?? 0) > 0;
  if (accepts('br')) return 'br';
  if (accepts('gzip')) return 'gzip';
  return 'identity';
}
