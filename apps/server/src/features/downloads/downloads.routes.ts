import { ErrorBodySchema } from '@bindery/shared';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors.js';
import { isPageRequest, renderDownloadError } from './download-error.page.js';
import type { DownloadsService } from './downloads.service.js';
import { contentDisposition } from './http-headers.js';

/** Streamed bytes, never serialized; described for the OpenAPI document only. */
const FileSchema = z.unknown().describe('The file, as an attachment');

const single = (value: string | string[] | undefined) => (Array.isArray(value) ? undefined : value);

export const downloadsRoutes: FastifyPluginAsync<{
  downloads: DownloadsService;
  /** The store's name now (the owner's settings). */
  storeName: () => string;
}> = async (app, { downloads, storeName }) => {
  app.withTypeProvider<ZodTypeProvider>().route({
    method: ['GET', 'HEAD'],
    url: '/api/downloads/:token',
    schema: {
      tags: ['downloads'],
      summary: 'Stream a paid order’s file through a signed, expiring link (HTTP Range supported)',
      description:
        'No cookie needed: the link is the capability. 200 or 206 with the file as an attachment; ' +
        '403 for an invalid link or a refunded/canceled order; 410 once the link has expired or ' +
        'the file is gone; 416 for a range outside the file. A browser opening the link ' +
        '(Sec-Fetch-Mode: navigate, or Accept preferring text/html) gets these refusals as an ' +
        'HTML page with the same status and message, and a link to My Orders for a fresh link.',
      params: z.object({ token: z.string() }),
      response: {
        200: FileSchema,
        302: z.null().describe('With storage in a bucket: the file at a presigned URL (Location)'),
        206: FileSchema.describe('The requested range of the file'),
        403: ErrorBodySchema,
        410: ErrorBodySchema,
        416: ErrorBodySchema,
      },
    },
    // A link opened in a tab gets a page in the store's style rather than the JSON error.
    errorHandler: (error, request, reply) => {
      if (!(error instanceof AppError) || !isPageRequest(request.headers)) throw error;
      return reply
        .code(error.statusCode as 403 | 410 | 416)
        .headers(error.headers ?? {})
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(
          renderDownloadError({
            storeName: storeName(),
            message: error.message,
            storeUrl: request.storeUrl,
          }),
        );
    },
    handler: async (request, reply) => {
      const download = await downloads.prepare(request.params.token, {
        range: single(request.headers.range),
        ifRange: single(request.headers['if-range']),
      });
      // A bucket serves the bytes itself, through a presigned URL valid for a few minutes.
      const location = request.method === 'GET' ? await download.redirect() : undefined;
      if (location) {
        return reply
          .code(302)
          .header('location', location)
          .header('cache-control', 'private, no-store')
          .send();
      }
      // Opened before any header is set: should it fail, the error goes out as a plain error.
      const served = request.method === 'HEAD' ? undefined : await download.open();
      if (served) {
        // The bytes sent count once the response has closed, in full or cut short.
        const settle = () => {
          served
            .settle(reply.raw.writableFinished)
            .catch((error: unknown) =>
              request.log.error({ err: error }, 'could not count a download'),
            );
        };
        // A client gone while the file was opened gives its place back at once.
        if (reply.raw.destroyed) settle();
        reply.raw.once('finish', settle);
        reply.raw.once('close', settle);
      }
      const { span, size } = download;
      reply
        .code(span ? 206 : 200)
        .header('content-type', download.contentType)
        .header('content-length', span ? span.end - span.start + 1 : size)
        .header('content-disposition', contentDisposition(download.fileName))
        .header('accept-ranges', 'bytes')
        .header('etag', download.etag)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff');
      if (span) reply.header('content-range', `bytes ${span.start}-${span.end}/${size}`);
      // Streamed straight from storage: memory stays flat whatever the file's size.
      return reply.send(served?.stream);
    },
  });
};
