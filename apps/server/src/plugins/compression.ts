import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import { constants } from 'node:zlib';

/**
 * JSON, HTML and text answers of 1 KB and more go out compressed (brotli or gzip, as the client
 * accepts). Files are not: downloads, images and the web app's assets are compressed already or
 * served precompressed, and a download must keep its exact length for Range requests. Request
 * bodies are never inflated: a small compressed body must not become a large one past the limit.
 */
export async function registerCompression(app: FastifyInstance) {
  await app.register(compress, {
    global: true,
    globalDecompression: false,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    customTypes: /^(?:application\/(?:[\w.+-]+\+)?json|text\/(?:html|plain|css))(?:;|$)/,
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
}
