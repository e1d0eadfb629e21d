import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors.js';
import type { OrdersService } from '../orders/index.js';
import { BuyLinkTexts, renderBuyLinkError } from './buy-link.page.js';
import type { CheckoutService } from './checkout.service.js';

export interface BuyLinkRoutesOptions {
  checkout: Pick<CheckoutService, 'createCheckout'>;
  orders: Pick<OrdersService, 'getProductOwnership'>;
  /** The store's name as its settings give it now. */
  storeName: () => string;
}

const ParamsSchema = z.object({ id: z.string().max(100, 'id is too long') });

/**
 * Whether the browser says the request started on this store (a click on its own page, or an
 * address typed or bookmarked): never another site's link or form, which would carry the
 * session cookie (SameSite=Lax lets top-level GETs through). Browsers without Sec-Fetch-Site
 * must name this store as Origin or Referer.
 */
function isFromThisStore(request: FastifyRequest): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined) return site === 'same-origin' || site === 'none';
  const initiator = request.headers.origin ?? originOf(request.headers.referer);
  return initiator !== undefined && initiator === new URL(request.storeUrl).origin;
}

function originOf(url: string | undefined): string | undefined {
  if (url === undefined || !URL.canParse(url)) return undefined;
  return new URL(url).origin;
}

/**
 * A browser loading the link ahead of a click (prefetch, prerender): never a checkout. It is
 * refused (503), which browsers discard, so the click itself asks again.
 */
const isSpeculative = (request: FastifyRequest) =>
  /prefetch|prerender/i.test(
    `${request.headers['sec-purpose'] ?? ''} ${request.headers.purpose ?? ''}`,
  );

const seeOther = (reply: FastifyReply, location: string) =>
  reply.header('cache-control', 'no-store').redirect(location, 303);

/**
 * Buy Now without the app's script (a plain link, decision 020's pages): signed out, to the
 * login with the product as its return target; signed in, the checkout the API's
 * POST /api/session/checkout would open, by the same service and rules. A buyer who owns the
 * product goes back to its page, where the app asks before a second purchase.
 */
export const buyLinkRoutes: FastifyPluginAsync<BuyLinkRoutesOptions> = async (
  app,
  { checkout, orders, storeName },
) => {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/store/product/:id/buy',
    {
      // A HEAD would start a checkout too.
      exposeHeadRoute: false,
      schema: {
        tags: ['checkout'],
        summary: 'Buy Now as a link: to the login or to a hosted checkout (303)',
        description:
          'Only for requests from this store (Sec-Fetch-Site same-origin or none; without it, ' +
          'an Origin or Referer of this store); others go back to the product page.',
        params: ParamsSchema,
      },
      // The message the app would show, on a page of its own rather than as JSON.
      errorHandler: (error, request, reply) => {
        if (!(error instanceof AppError)) throw error;
        const { id } = request.params as { id: string };
        return reply
          .code(error.statusCode)
          .headers(error.headers ?? {})
          .header('cache-control', 'no-store')
          .type('text/html; charset=utf-8')
          .send(
            renderBuyLinkError({
              storeName: storeName(),
              message: error.message,
              productPath: `/store/product/${encodeURIComponent(id)}`,
            }),
          );
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const productPage = `/store/product/${encodeURIComponent(id)}`;
      if (isSpeculative(request)) throw AppError.unavailable(BuyLinkTexts.notAhead, 1);
      if (!isFromThisStore(request)) return seeOther(reply, productPage);
      const user = request.sessionUser;
      if (!user) {
        const target = `/product/${encodeURIComponent(id)}`;
        return seeOther(reply, `/store/login?redirect=${encodeURIComponent(target)}`);
      }
      if ((await orders.getProductOwnership(user._id, id)).owned) {
        return seeOther(reply, productPage);
      }
      const { url } = await checkout.createCheckout(user, id, request.storeUrl);
      return seeOther(reply, url);
    },
  );
};
