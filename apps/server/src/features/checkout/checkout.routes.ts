import {
  CheckoutSessionResponseSchema,
  CreateCheckoutBodySchema,
  DownloadLinkResponseSchema,
  ErrorBodySchema,
  GenerateDownloadLinkBodySchema,
} from '@bindery/shared';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser } from '../../plugins/session.js';
import type { CheckoutService } from './checkout.service.js';

export const checkoutRoutes: FastifyPluginAsync<{ checkout: CheckoutService }> = async (
  app,
  { checkout },
) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/session/checkout',
    {
      // Sign-in first, before the body is read.
      onRequest: async (request) => void requireUser(request),
      schema: {
        tags: ['checkout'],
        summary: 'Start a hosted checkout for one product, at the price the store has for it',
        description:
          'The charge is worked out on the server: the price less a valid `discountCode`, or for ' +
          'a pay-what-you-want product the `amount` chosen (at least its minimum; ignored for a ' +
          'fixed price). A charge of 0 is a free download: no provider is asked, the order is ' +
          'paid at once and `url` is the success page. Any other field (price, currency…) is ignored.',
        body: CreateCheckoutBodySchema,
        response: {
          200: CheckoutSessionResponseSchema,
          400: ErrorBodySchema,
          401: ErrorBodySchema,
          404: ErrorBodySchema,
          409: ErrorBodySchema,
          429: ErrorBodySchema,
          502: ErrorBodySchema,
          503: ErrorBodySchema,
        },
      },
    },
    async (request) => {
      const { productId, discountCode, amount } = request.body;
      return checkout.createCheckout(requireUser(request), productId, request.storeUrl, {
        discountCode,
        amount,
      });
    },
  );

  api.post(
    '/api/session/generate-download-link',
    {
      onRequest: async (request) => void requireUser(request),
      schema: {
        tags: ['checkout'],
        summary: 'A download link for the caller’s order behind a checkout session (success page)',
        description:
          '404 unless the session is one of the caller’s orders; 409 while the payment is not ' +
          'confirmed; 410 once the order is canceled or refunded; 403 while a dispute is open or ' +
          'once the order’s downloads are used up.',
        body: GenerateDownloadLinkBodySchema,
        response: {
          200: DownloadLinkResponseSchema,
          400: ErrorBodySchema,
          401: ErrorBodySchema,
          403: ErrorBodySchema,
          404: ErrorBodySchema,
          409: ErrorBodySchema,
          410: ErrorBodySchema,
        },
      },
    },
    async (request) =>
      checkout.createDownloadLinkForSession(requireUser(request), request.body.sessionId),
  );
};
