import {
  CreateProductBodySchema,
  ErrorBodySchema,
  ListProductsQuerySchema,
  ProductListSchema,
  ProductSchema,
  UpdateProductBodySchema,
} from '@bindery/shared';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAdmin } from '../../plugins/session.js';
import { parse as parseQuery } from 'fast-querystring';
import type { FastLane } from '../../plugins/fast-lane.js';
import { prepareAnswer, type CatalogAnswer } from './catalog-answers.js';
import { registerProductArchiveRoutes } from './product-archive.routes.js';
import type { CatalogService, KeptCatalogAnswer } from './catalog.service.js';

const ParamsSchema = z.object({ id: z.string() });
/** The list's answers differ by encoding only: the same for visitors, buyers and admins. */
const LIST_VARY = 'Accept-Encoding';
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
  /** Where public answers are remembered for sending before routing (absent in some tests). */
  lane?: FastLane;
}> = async (app, { catalog, removeProduct, lane }) => {
  registerPublicRoutes(app, catalog, lane);
  registerAdminRoutes(app, catalog, removeProduct);
  registerProductArchiveRoutes(app, catalog);
};

/** The list, search and product pages anyone may read, sent from the kept answers. */
function registerPublicRoutes(app: FastifyInstance, catalog: CatalogService, lane?: FastLane) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const answers = { lane, current: (key: string) => catalog.keptAnswer(key) };
  if (lane) laneListsProducts(lane, catalog, answers.current);

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
      sendKept(request, reply, await catalog.productListAnswer(request.query), answers, LIST_VARY),
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
      const kept = await catalog.productAnswer(request.params.id);
      return sendKept(request, reply, kept, answers, 'Accept-Encoding, Cookie');
    },
  );
}

/**
 * A list or search no answer is kept for yet, asked by a visitor, is worked out by the lane
 * (decision 041, the sixth pass): the query read as Fastify's router reads it and checked by the
 * route's own schema, the answer the route would send. A query the schema refuses goes to the
 * route, which answers 400.
 */
function laneListsProducts(
  lane: FastLane,
  catalog: CatalogService,
  current: (key: string) => CatalogAnswer | undefined,
) {
  lane.computes('/api/products', (target, query, headers) => {
    const parsed = ListProductsQuerySchema.safeParse(query === '' ? {} : parseQuery(query));
    if (!parsed.success) return undefined;
    return catalog.productListAnswer(parsed.data).then((kept) => {
      rememberKept(lane, target, kept, current, LIST_VARY);
      return prepareAnswer(kept.answer, headers, LIST_VARY);
    });
  });
}

/** Creating, changing and deleting products: admins only. */
function registerAdminRoutes(
  app: FastifyInstance,
  catalog: CatalogService,
  removeProduct: (id: string) => Promise<void>,
) {
  const api = app.withTypeProvider<ZodTypeProvider>();

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
}

/**
 * Sends a kept answer (304, or its bytes in the best encoding the client accepts) and lets the
 * kept-answer lane send it for the same request target while the catalogue stays unchanged.
 */
function sendKept(
  request: FastifyRequest,
  reply: FastifyReply,
  kept: KeptCatalogAnswer,
  answers: { lane?: FastLane; current: (key: string) => CatalogAnswer | undefined },
  vary: string,
) {
  const { lane, current } = answers;
  if (request.method === 'GET' && lane) rememberKept(lane, request.url, kept, current, vary);
  const prepared = prepareAnswer(kept.answer, request.headers, vary);
  reply.code(prepared.status).headers(prepared.headers);
  return prepared.body ? reply.send(prepared.body) : reply.send();
}

/**
 * Lets the lane send `kept` for `target` while it stays kept (the catalogue unchanged). An answer
 * that was not kept (a search asked for the first time) leaves the lane as it was.
 */
function rememberKept(
  lane: FastLane,
  target: string,
  kept: KeptCatalogAnswer,
  current: (key: string) => CatalogAnswer | undefined,
  vary: string,
) {
  if (current(kept.key) !== kept.answer) return;
  lane.remember(target, (headers) => {
    const answer = current(kept.key);
    return answer && prepareAnswer(answer, headers, vary);
  });
}
