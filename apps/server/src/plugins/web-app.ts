import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { constants, brotliCompressSync, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import { ErrorCode, STORE_CONFIG_ELEMENT_ID, type StoreConfig } from '@bindery/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';

const STORE_PREFIX = '/store';

/**
 * Serves the built single-page app under /store: hashed assets cached for a year, every other
 * path answered with index.html (carrying the shop's settings) so client routes work on reload.
 * Scripts and styles go out as the brotli or gzip copies the web build made; index.html is
 * compressed once here, after the settings are filled in.
 */
export async function registerWebApp(app: FastifyInstance, config: Config) {
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
  const indexHtml = compressIndex(renderIndex(readFileSync(indexFile, 'utf8'), storeConfig));

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
