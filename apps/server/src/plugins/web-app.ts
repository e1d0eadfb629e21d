import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { constants, brotliCompressSync, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import { ErrorCode, STORE_CONFIG_ELEMENT_ID, type StoreConfig } from '@bindery/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import type { PageAnswer } from '../features/storefront/storefront.service.js';

/** The public pages whose head (and status) the server writes itself; the app does the rest. */
export interface PublicPages {
  productPage(id: string): Promise<PageAnswer>;
  cataloguePage(query: Record<string, unknown>): PageAnswer;
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
  const storeConfig: StoreConfig = {
    storeName: config.storeName,
    mainSiteUrl: config.mainSiteUrl,
    maxDigitalFileMb: Math.floor(config.uploads.maxFileBytes / (1024 * 1024)),
  };
  const renderedIndex = renderIndex(readFileSync(indexFile, 'utf8'), storeConfig);
  const indexHtml = compressIndex(renderedIndex);
  // Around the title: where a page's own head goes.
  const [beforeTitle = '', afterTitle = ''] = renderedIndex.split(/<title>[\s\S]*?<\/title>/);

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

  /** index.html with a page's own head in place of the title, compressed for this request. */
  const sendPage = (request: FastifyRequest, reply: FastifyReply, page: PageAnswer) => {
    const html = Buffer.from(`${beforeTitle}${page.head}${afterTitle}`);
    const encoding = pickEncoding(request.headers['accept-encoding']);
    reply
      .code(page.status)
      .header('cache-control', 'no-cache')
      .header('vary', 'accept-encoding')
      .type('text/html; charset=utf-8');
    if (encoding === 'identity') return reply.send(html);
    return reply.header('content-encoding', encoding).send(compressPage(html, encoding));
  };

  if (pages) {
    app.get<{ Params: { id: string } }>(
      `${STORE_PREFIX}/product/:id`,
      { schema: { hide: true } },
      async (request, reply) =>
        sendPage(request, reply, await pages.productPage(request.params.id)),
    );
    app.get(`${STORE_PREFIX}/products`, { schema: { hide: true } }, (request, reply) =>
      sendPage(request, reply, pages.cataloguePage(request.query as Record<string, unknown>)),
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

/** A page made for one request: quick settings, since it is compressed every time it is sent. */
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
