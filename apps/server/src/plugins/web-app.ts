import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { ErrorCode, STORE_CONFIG_ELEMENT_ID, type StoreConfig } from '@bindery/shared';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Config } from '../config.js';

const STORE_PREFIX = '/store';

/**
 * Serves the built single-page app under /store: hashed assets cached for a year, every other
 * path answered with index.html (carrying the shop's settings) so client routes work on reload.
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
  const indexHtml = renderIndex(readFileSync(indexFile, 'utf8'), storeConfig);

  await app.register(fastifyStatic, {
    root: config.webDistDir,
    prefix: `${STORE_PREFIX}/`,
    wildcard: false,
    index: false,
    serveDotFiles: false,
    setHeaders(res, filePath) {
      const isHashedAsset = filePath.startsWith(path.join(config.webDistDir, 'assets') + path.sep);
      res.header(
        'cache-control',
        isHashedAsset ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
      );
    },
  });

  const sendIndex = (_request: unknown, reply: FastifyReply) =>
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(indexHtml);

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
