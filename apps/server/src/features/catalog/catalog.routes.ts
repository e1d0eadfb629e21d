import {
  CreateProductBodySchema,
  ErrorBodySchema,
  ListProductsQuerySchema,
  ProductListSchema,
  ProductSchema,
  UpdateProductBodySchema,
} from '@bindery/shared';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAdmin } from '../auth/auth.guard.js';
import { ANSWER_ENCODINGS, type CatalogAnswer } from './catalog-answers.js';
import type { CatalogService } from './catalog.service.js';

const ParamsSchema = z.object({ id: z.string() });
const adminErrors = {
  400: ErrorBodySchema,
  401: ErrorBodySchema,
  403: ErrorBodySchema,
  404: ErrorBodySchema,
};

export const catalogRoutes: FastifyPluginAsync<{
  catalog: CatalogService;
  /** Deleting a product touches the money path (its orders and open checkouts): checkout's job. */
  removeProduct: (id: string) => Promise<void>;
}> = async (app, { catalog, removeProduct }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/products',
    {
      schema: {
        tags: ['catalog'],
        summary: 'List products, newest first, or search them (ranked)',
        description:
          'sort (title, price or createdAt) with order (asc or desc) sorts the whole list before ' +
          'paging, the id breaking ties; a search stays ranked by relevance.',
        querystring: ListProductsQuerySchema,
        response: { 200: ProductListSchema, 400: ErrorBodySchema },
      },
    },
    async (request, reply) =>
      sendAnswer(request, reply, await catalog.productListAnswer(request.query), 'Accept-Encoding'),
  );

  api.get(
    '/api/products/:id',
    {
      schema: {
        tags: ['catalog'],
        summary: 'One product (admins also see the digital file reference)',
        params: ParamsSchema,
        response: { 200: ProductSchema, 404: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      if (request.sessionUser?.role === 'admin') {
        // The admin's view names the private file: never stored by the browser or anyone between.
        reply.header('cache-control', 'private, no-store').header('vary', 'Cookie');
        return catalog.getProduct(request.params.id, true);
      }
      // An admin's view of the same URL differs, so caches keep one copy per cookie.
      const answer = await catalog.productAnswer(request.params.id);
      return sendAnswer(request, reply, answer, 'Accept-Encoding, Cookie');
    },
  );

  api.post(
    '/api/products',
    {
      // Role first, before the body is read: a buyer's or visitor's body is never parsed.
      onRequest: async (request) => void requireAdmin(request),
      schema: {
        tags: ['catalog'],
        summary: 'Create a product (admin)',
        body: CreateProductBodySchema,
        response: { 201: ProductSchema, ...adminErrors },
      },
    },
    async (request, reply) => reply.code(201).send(await catalog.createProduct(request.body)),
  );

  api.put(
    '/api/products/:id',
    {
      onRequest: async (request) => void requireAdmin(request),
      schema: {
        tags: ['catalog'],
        summary: 'Update a product (admin); images and file are kept when absent',
        params: ParamsSchema,
        body: UpdateProductBodySchema,
        response: { 200: ProductSchema, ...adminErrors },
      },
    },
    async (request) => catalog.updateProduct(request.params.id, request.body),
  );

  api.delete(
    '/api/products/:id',
    {
      onRequest: async (request) => void requireAdmin(request),
      schema: {
        tags: ['catalog'],
        summary: 'Delete a product (admin); one with sales is archived and its file kept',
        description:
          'A product that has paid, refunded or open orders leaves the catalogue, search and its ' +
          'page but keeps its file, so its buyers keep downloading. Open checkouts for it are closed.',
        params: ParamsSchema,
        response: { 204: z.null(), ...adminErrors },
      },
    },
    async (request, reply) => {
      await removeProduct(request.params.id);
      return reply.code(204).send(null);
    },
  );
};

/**
 * Public catalogue answers may be kept by browsers and shared caches, but must be checked with
 * the store (a cheap 304) before each use: a price changes the moment the admin saves it.
 */
const PUBLIC_CACHE = 'public, no-cache';

/**
 * Sends a kept answer: 304 when the client holds it already, otherwise its bytes in the best
 * encoding the client accepts, prepared once.
 */
function sendAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: CatalogAnswer,
  vary: string,
) {
  reply.header('etag', answer.etag).header('cache-control', PUBLIC_CACHE).header('vary', vary);
  if (holdsAnswer(request.headers['if-none-match'], answer.etag)) {
    return reply.code(304).send();
  }
  const encoding = preferredEncoding(request.headers['accept-encoding']);
  const compressed = encoding && answer.compressed[encoding];
  if (encoding && compressed) reply.header('content-encoding', encoding);
  return reply.type('application/json; charset=utf-8').send(compressed || answer.body);
}

/** If-None-Match names the answer (compared weakly, as RFC 9110 asks for GET). */
function holdsAnswer(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const wanted = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === wanted);
}

/** The first of our encodings the client accepts (q=0 refuses one), or null for plain bytes. */
function preferredEncoding(acceptEncoding: string | undefined) {
  if (!acceptEncoding) return null;
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name = '', ...params] = part.trim().split(';');
    const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find(Boolean);
    accepted.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const wildcard = accepted.get('*');
  return ANSWER_ENCODINGS.find((encoding) => (accepted.get(encoding) ?? wildcard ?? 0) > 0) ?? null;
}
