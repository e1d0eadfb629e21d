import { Readable } from 'node:stream';
import { ErrorBodySchema } from '@bindery/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors.js';
import type { createSitemap } from './sitemap.js';
import { robotsTxt } from './sitemap.js';

export interface StorefrontRoutesOptions {
  sitemap: ReturnType<typeof createSitemap>;
  publicUrl: string;
}

/** Search engines may keep these an hour; a new product shows up in the next crawl. */
const CRAWLER_CACHE = 'public, max-age=3600';

/** robots.txt and the sitemap (decision 020). */
export const storefrontRoutes: FastifyPluginAsyncZod<StorefrontRoutesOptions> = async (
  app,
  { sitemap, publicUrl },
) => {
  const robots = robotsTxt(publicUrl);
  app.get(
    '/robots.txt',
    {
      schema: {
        tags: ['storefront'],
        summary: 'What crawlers may read, and where the sitemap is',
        response: { 200: z.string() },
      },
    },
    async (_request, reply) =>
      reply.type('text/plain; charset=utf-8').header('cache-control', CRAWLER_CACHE).send(robots),
  );

  app.get(
    '/sitemap.xml',
    {
      schema: {
        tags: ['storefront'],
        summary: 'The catalogue and every live product, or an index of sitemap files past 50,000',
        response: { 200: z.unknown().describe('XML') },
      },
    },
    async (_request, reply) =>
      reply
        .type('application/xml; charset=utf-8')
        .header('cache-control', CRAWLER_CACHE)
        .send(Readable.from(await sitemap.root())),
  );

  app.get(
    '/sitemap-:n.xml',
    {
      schema: {
        tags: ['storefront'],
        summary: 'One file of a sitemap past 50,000 addresses',
        params: z.object({ n: z.string() }),
        response: { 200: z.unknown().describe('XML'), 404: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const n = /^[1-9]\d{0,8}$/.test(request.params.n) ? Number(request.params.n) : 0;
      const file = await sitemap.file(n);
      if (!file) throw AppError.notFound('Sitemap not found.');
      return reply
        .type('application/xml; charset=utf-8')
        .header('cache-control', CRAWLER_CACHE)
        .send(Readable.from(file));
    },
  );
};
