import { TestCheckoutMessages } from '@bindery/shared';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contentSecurityPolicyWithScripts } from '../../plugins/security.js';
import { renderCheckoutForm, renderMessage } from './test-checkout.page.js';
import { CARD_FORM_SCRIPT_HASH } from './test-checkout.script.js';
import type { CardForm, CheckoutPage, TestCheckoutService } from './test-checkout.service.js';

/** Six short fields; anything bigger is not this form. */
const FORM_BODY_LIMIT = 2048;
const FIELD_MAX = 100;

const ParamsSchema = z.object({ sessionId: z.string() });
/** How this plugin answers with a page: the store's name and its HTML headers. */
interface PageView {
  storeName: () => string;
  /** STORE_LOCALE: how the amount is written (in the session's own currency). */
  locale: string;
  sendHtml(reply: FastifyReply, status: number, html: string): FastifyReply;
}

/**
 * The hosted page of the built-in test checkout: a small server-rendered page outside the SPA,
 * whose one script checks the card form before it posts. Forms post back here as application/x-www-form-urlencoded, a body this plugin
 * alone accepts.
 */
export const testCheckoutRoutes: FastifyPluginAsync<{
  testCheckout: TestCheckoutService;
  /** The store's name now (the owner's settings). */
  storeName: () => string;
  /** STORE_LOCALE. */
  locale: string;
}> = async (app, { testCheckout, storeName, locale }) => {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  const view = createPageView(storeName, locale);
  // The security plugin guards /api only; these forms change orders too, so the same rule.
  app.addHook('onRequest', async (request, reply) => refuseCrossSite(view, request, reply));

  const answer = (request: FastifyRequest, reply: FastifyReply, page: CheckoutPage) =>
    answerPage(view, request, reply, page);
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/checkout/test/:sessionId',
    { schema: { hide: true, params: ParamsSchema } },
    async (request, reply) =>
      answer(request, reply, await testCheckout.show(request.params.sessionId)),
  );

  api.post(
    '/checkout/test/:sessionId/pay',
    { schema: { hide: true, params: ParamsSchema } },
    async (request, reply) =>
      answer(
        request,
        reply,
        await testCheckout.pay(request.params.sessionId, readCardForm(request.body)),
      ),
  );

  api.post(
    '/checkout/test/:sessionId/cancel',
    { schema: { hide: true, params: ParamsSchema } },
    async (request, reply) =>
      answer(request, reply, await testCheckout.cancel(request.params.sessionId)),
  );
};

/** The catalogue, at the address this request came to (PUBLIC_URL, or the buyer's). */
const storeUrlOf = (request: FastifyRequest) => `${request.storeUrl}/store/products`;

function createPageView(storeName: () => string, locale: string): PageView {
  // The store's policy, plus the card form's one script, allowed by its hash.
  const contentSecurityPolicy = contentSecurityPolicyWithScripts([CARD_FORM_SCRIPT_HASH]);
  const sendHtml = (reply: FastifyReply, status: number, html: string) =>
    reply
      .code(status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('content-security-policy', contentSecurityPolicy)
      // The page's own form posts then carry its Origin, which the check below relies on.
      .header('referrer-policy', 'same-origin')
      .send(html);
  return { storeName, locale, sendHtml };
}

async function refuseCrossSite(view: PageView, request: FastifyRequest, reply: FastifyReply) {
  if (request.method !== 'POST') return;
  const fetchSite = request.headers['sec-fetch-site'];
  const origin = request.headers.origin;
  // The security plugin has checked the host: the store's address for this request is known.
  const ownOrigin = new URL(request.storeUrl).origin;
  const isCrossSite =
    (fetchSite !== undefined && fetchSite !== 'same-origin' && fetchSite !== 'none') ||
    (origin !== undefined && origin !== ownOrigin);
  if (isCrossSite) {
    request.log.warn({ origin, fetchSite }, 'refused cross-site test checkout request');
    return view.sendHtml(
      reply,
      403,
      renderMessage({
        storeName: view.storeName(),
        message: TestCheckoutMessages.crossSite,
        storeUrl: storeUrlOf(request),
      }),
    );
  }
}

function answerPage(
  view: PageView,
  request: FastifyRequest,
  reply: FastifyReply,
  page: CheckoutPage,
) {
  switch (page.kind) {
    case 'redirect':
      return reply.header('cache-control', 'no-store').redirect(page.location, 303);
    case 'form':
      return view.sendHtml(
        reply,
        page.status,
        renderCheckoutForm({
          storeName: view.storeName(),
          locale: view.locale,
          session: page.session,
          error: page.error,
          values: page.values,
        }),
      );
    case 'message':
      return view.sendHtml(
        reply,
        page.status,
        renderMessage({
          storeName: view.storeName(),
          message: page.message,
          storeUrl: storeUrlOf(request),
          successUrl: page.successUrl,
        }),
      );
  }
}

/** The form's fields as text; anything missing or of another type reads as empty. */
function readCardForm(body: unknown): CardForm {
  const fields = (body ?? {}) as Record<string, unknown>;
  const text = (name: keyof CardForm) => {
    const value = Object.hasOwn(fields, name) ? fields[name] : undefined;
    return typeof value === 'string' ? value.slice(0, FIELD_MAX) : '';
  };
  return {
    cardNumber: text('cardNumber'),
    expiry: text('expiry'),
    cvc: text('cvc'),
    name: text('name'),
    country: text('country'),
    taxId: text('taxId'),
  };
}
