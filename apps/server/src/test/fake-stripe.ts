import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Config } from '../config.js';
import {
  calculateTax,
  customerDetailsOf,
  DEFAULT_TAX_RATES,
  expansionsOf,
  openAutomaticTax,
  readSessionTax,
  type FakeAutomaticTax,
  type FakeBreakdownTax,
  type FakeBuyer,
  type FakeCustomerDetails,
  type FakeTotalDetails,
  type SessionTax,
} from './fake-stripe-tax.js';
import { TEST_WEBHOOK_SECRET } from './fake-stripe-events.js';

// Tests import the server and its webhook events from one place.
export * from './fake-stripe-events.js';

/**
 * A local HTTP server that speaks as much of Stripe's API as Bindery uses, so the real SDK is
 * exercised end to end without the network: creating, retrieving and expiring Checkout
 * Sessions, retrieving PaymentIntents and creating Refunds, each with Stripe's idempotency
 * rules (a key reused with other parameters is refused) and error shapes, and Stripe Tax on
 * sessions that ask for it (fake-stripe-tax.ts). Tests move sessions along (paid, expired) and
 * make requests fail the ways a network does.
 */
export interface FakeStripe {
  /** For `config.payments.stripe.api`. */
  api: { host: string; port: number; protocol: 'http' };
  /** Every request received, failed ones included, in order. */
  requests: RecordedRequest[];
  /** The requests that asked for a new Checkout Session. */
  sessionCreations(): RecordedRequest[];
  /** The requests that asked to expire a Checkout Session. */
  sessionExpiries(): RecordedRequest[];
  /** The requests that asked for a Refund. */
  refundRequests(): RecordedRequest[];
  /** Every refund created, each once. */
  refunds(): FakeRefund[];
  /** A refund made outside the store (Stripe's dashboard), as Stripe records it. */
  refundInDashboard(paymentIntentId: string): FakeRefund;
  session(id: string): FakeSession;
  /** Every session created, each once. */
  sessions(): FakeSession[];
  /**
   * Marks a session complete; `paid` by default, with a new payment intent, and taxed as
   * Stripe Tax would for the buyer the options name when the session asked for automatic tax.
   */
  completeSession(id: string, options?: CompleteOptions): FakeSession;
  expireSession(id: string): FakeSession;
  /** A Charge object for a session's payment, as a `charge.refunded` event carries it. */
  refundedCharge(paymentIntentId: string, amountRefunded?: number): Record<string, unknown>;
  /** The next `count` requests (all of them by default) fail this way. */
  failRequests(mode: FailureMode, count?: number): void;
  recover(): void;
  close(): Promise<void>;
}

/**
 * How the next requests fail: Stripe erring (500), never answering, the connection reset before
 * Stripe saw the request, the answer lost after Stripe acted on it, or the key refused (401).
 */
export type FailureMode = 'server-error' | 'hang' | 'reset' | 'answer-lost' | 'bad-key';

export interface FakeRefund {
  id: string;
  object: 'refund';
  amount: number;
  charge: string;
  currency: string;
  metadata: Record<string, string>;
  payment_intent: string;
  reason: string | null;
  status: 'succeeded' | 'pending' | 'failed';
}

export interface RecordedRequest {
  method: string;
  path: string;
  idempotencyKey: string | undefined;
  /** The Stripe-Version header the SDK sent. */
  stripeVersion: string | undefined;
  /** The form body as Stripe reads it: nested objects and arrays of strings. */
  params: Record<string, unknown>;
  /** The query string, read the same way (a GET's parameters, e.g. `expand`). */
  query: Record<string, unknown>;
  /** What the fake did with it. */
  answer: number | 'hang' | 'reset';
}

export interface FakeSession {
  id: string;
  object: 'checkout.session';
  amount_subtotal: number;
  amount_total: number;
  automatic_tax: FakeAutomaticTax;
  billing_address_collection: 'auto' | 'required' | null;
  client_reference_id: string | null;
  created: number;
  currency: string;
  /** Null until the session completes. */
  customer_details: FakeCustomerDetails | null;
  customer_email: string | null;
  expires_at: number;
  livemode: false;
  metadata: Record<string, string>;
  mode: 'payment';
  payment_intent: string | null;
  payment_status: 'paid' | 'unpaid' | 'no_payment_required';
  status: 'open' | 'complete' | 'expired';
  success_url: string;
  cancel_url: string;
  tax_id_collection: { enabled: boolean; required: 'if_supported' | 'never' };
  total_details: FakeTotalDetails;
  url: string | null;
}

export interface CompleteOptions {
  paymentStatus?: 'paid' | 'unpaid';
  paymentIntentId?: string;
  /** What Stripe reports it charged, when a test needs it to differ from the order. */
  amountTotal?: number;
  /** What Stripe reports before tax, and as tax, when a test needs them to differ. */
  amountSubtotal?: number;
  amountTax?: number;
  currency?: string;
  /** Who paid: name, billing country and tax IDs (the seller's country, no name by default). */
  buyer?: FakeBuyer;
  /** The percentage Stripe Tax charges this buyer, instead of the fake's rate for the country. */
  taxRate?: number;
}

interface FakePaymentIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  metadata: Record<string, string>;
  status: string;
}

const randomId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

export interface FakeStripeOptions {
  /** Stripe's clock, for the 30-minute rule on expires_at; the test's clock when it moves one. */
  clock?: () => number;
  /** Stripe Tax's percentage per buyer country (`DEFAULT_TAX_RATES`: DE 19, FR 20, …). */
  taxRates?: Readonly<Record<string, number>>;
  /** The seller's country, for the EU reverse charge; DE by default. */
  originCountry?: string;
}

export async function startFakeStripe(options: FakeStripeOptions = {}): Promise<FakeStripe> {
  const clock = options.clock ?? Date.now;
  const requests: RecordedRequest[] = [];
  const sessions = new Map<string, FakeSession>();
  const paymentIntents = new Map<string, FakePaymentIntent>();
  const refunds = new Map<string, FakeRefund>();
  /** Idempotency-Key → the request first sent with it and the answer it got (Stripe's replay). */
  const idempotent = new Map<string, { fingerprint: string; answer: [number, unknown] }>();
  /** Payment-intent metadata asked for at session creation, applied when the session is paid. */
  const intentMetadata = new Map<string, Record<string, string>>();
  /** What each session asked about tax, and the taxes Stripe Tax reported on completion. */
  const sessionTaxes = new Map<string, SessionTax>();
  const breakdowns = new Map<string, FakeBreakdownTax[]>();
  /** Each session's line items summed: what Stripe Tax taxes, whatever a test overrode since. */
  const prices = new Map<string, number>();
  const taxSettings = {
    rates: options.taxRates ?? DEFAULT_TAX_RATES,
    originCountry: options.originCountry ?? 'DE',
  };
  let failure: { mode: FailureMode; remaining: number } | null = null;

  const server = createServer((request, response) => {
    void handle(request, response).catch((error: unknown) => {
      send(response, 500, apiError('api_error', String(error)));
    });
  });

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const body = await readBody(request);
    const url = new URL(request.url ?? '/', 'http://fake-stripe');
    const header = request.headers['idempotency-key'];
    const record: RecordedRequest = {
      method: request.method ?? 'GET',
      path: url.pathname,
      idempotencyKey: typeof header === 'string' ? header : undefined,
      stripeVersion: request.headers['stripe-version'] as string | undefined,
      params: parseForm(body),
      query: parseForm(url.search.slice(1)),
      answer: 200,
    };
    requests.push(record);

    let loseAnswer = false;
    if (failure && failure.remaining > 0) {
      failure.remaining -= 1;
      const { mode } = failure;
      if (failure.remaining === 0) failure = null;
      loseAnswer = mode === 'answer-lost';
      if (mode === 'hang') {
        record.answer = 'hang';
        return; // never answered; close() drops the connection
      }
      if (mode === 'reset') {
        record.answer = 'reset';
        request.socket.resetAndDestroy();
        return;
      }
      if (mode === 'bad-key') {
        record.answer = 401;
        return send(response, 401, apiError('invalid_request_error', 'Invalid API Key provided.'));
      }
      if (mode !== 'answer-lost') {
        record.answer = 500;
        return send(response, 500, apiError('api_error', 'Something went wrong on our end.'));
      }
    }

    if (!/^Bearer sk_test_\w+$/.test(request.headers.authorization ?? '')) {
      record.answer = 401;
      return send(response, 401, apiError('invalid_request_error', 'Invalid API Key provided.'));
    }

    const { method } = record;
    const sessionMatch = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(url.pathname);
    const expireMatch = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(url.pathname);
    const intentMatch = /^\/v1\/payment_intents\/([^/]+)$/.exec(url.pathname);
    let answer: [number, unknown];
    if (method === 'POST' && url.pathname === '/v1/checkout/sessions') {
      answer = idempotently(record, () => createSession(record));
    } else if (method === 'POST' && expireMatch) {
      answer = idempotently(record, () => expire(decodeURIComponent(expireMatch[1]!)));
    } else if (method === 'POST' && url.pathname === '/v1/refunds') {
      answer = idempotently(record, () => createRefund(record));
    } else if (method === 'GET' && sessionMatch) {
      answer = retrieveSession(decodeURIComponent(sessionMatch[1]!), record.query);
    } else if (method === 'GET' && intentMatch) {
      const intent = paymentIntents.get(decodeURIComponent(intentMatch[1]!));
      answer = intent ? [200, intent] : [404, missing('payment_intent', intentMatch[1]!)];
    } else {
      answer = [404, apiError('invalid_request_error', 'Unrecognized request URL.')];
    }
    if (loseAnswer) {
      // Stripe acted on it; the answer never arrives.
      record.answer = 'reset';
      request.socket.resetAndDestroy();
      return;
    }
    record.answer = answer[0];
    return send(response, answer[0], answer[1]);
  }

  /**
   * Stripe's idempotency: a key seen before with the same method, path and parameters replays
   * the first answer; with anything else it is refused with an idempotency_error.
   */
  function idempotently(record: RecordedRequest, run: () => [number, unknown]): [number, unknown] {
    const key = record.idempotencyKey;
    if (!key) return run();
    const fingerprint = JSON.stringify([record.method, record.path, record.params]);
    const earlier = idempotent.get(key);
    if (earlier && earlier.fingerprint !== fingerprint) {
      return [
        400,
        apiError(
          'idempotency_error',
          'Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than ' +
            `'${key}' if you meant to execute a different request.`,
        ),
      ];
    }
    if (earlier) return earlier.answer;
    const answer = run();
    if (answer[0] === 200) idempotent.set(key, { fingerprint, answer });
    return answer;
  }

  function expire(id: string): [number, unknown] {
    const found = sessions.get(id);
    if (!found) return [404, missing('checkout.session', id)];
    if (found.status !== 'open') {
      return [
        400,
        apiError(
          'invalid_request_error',
          `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${found.status}".`,
        ),
      ];
    }
    found.status = 'expired';
    found.url = null;
    return [200, { ...found }];
  }

  function createRefund(record: RecordedRequest): [number, unknown] {
    const intentId = String(record.params.payment_intent ?? '');
    const intent = paymentIntents.get(intentId);
    if (!intent) return [404, missing('payment_intent', intentId)];
    const refunded = [...refunds.values()]
      .filter((refund) => refund.payment_intent === intentId && refund.status !== 'failed')
      .reduce((sum, refund) => sum + refund.amount, 0);
    const amount = Number(record.params.amount ?? intent.amount - refunded);
    if (refunded >= intent.amount) {
      return [
        400,
        {
          error: {
            type: 'invalid_request_error',
            code: 'charge_already_refunded',
            message: `Charge ch_${intentId} has already been refunded.`,
          },
        },
      ];
    }
    const refund: FakeRefund = {
      id: randomId('re'),
      object: 'refund',
      amount,
      charge: `ch_${intentId}`,
      currency: intent.currency,
      metadata: (record.params.metadata as Record<string, string> | undefined) ?? {},
      payment_intent: intentId,
      reason: (record.params.reason as string | undefined) ?? null,
      status: 'succeeded',
    };
    refunds.set(refund.id, refund);
    return [200, refund];
  }

  /** A session as Stripe answers a retrieve: the breakdown only when expanded. */
  function retrieveSession(id: string, query: Record<string, unknown>): [number, unknown] {
    const expand = expansionsOf(query);
    if ('error' in expand) return [400, expand.error];
    const found = sessions.get(id);
    if (!found) return [404, missing('checkout.session', id)];
    if (!expand.paths.includes('total_details.breakdown')) return [200, found];
    const breakdown = { discounts: [], taxes: breakdowns.get(id) ?? [] };
    return [200, { ...found, total_details: { ...found.total_details, breakdown } }];
  }

  /** Completes a session as Stripe does, Stripe Tax included; the options stand in for the buyer. */
  function complete(found: FakeSession, options: CompleteOptions) {
    const tax = sessionTaxes.get(found.id) ?? { automatic: false, behavior: null, code: null };
    const buyer = {
      name: options.buyer?.name ?? null,
      country: (options.buyer?.country ?? taxSettings.originCountry).toUpperCase(),
      taxIds: options.buyer?.taxIds ?? [],
    };
    const price = prices.get(found.id) ?? found.amount_subtotal;
    const taxed = calculateTax(tax, price, buyer, taxSettings, options.taxRate, found.created);
    breakdowns.set(found.id, taxed.taxes);
    found.amount_subtotal = options.amountSubtotal ?? taxed.amountSubtotal;
    found.total_details = {
      ...found.total_details,
      amount_tax: options.amountTax ?? taxed.amountTax,
    };
    found.amount_total = options.amountTotal ?? taxed.amountTotal;
    if (tax.automatic) found.automatic_tax = { ...found.automatic_tax, status: 'complete' };
    found.customer_details = customerDetailsOf(
      found.customer_email,
      options.buyer,
      found.billing_address_collection === 'required',
      taxed.taxExempt,
      taxSettings.originCountry,
    );
  }

  function createSession(record: RecordedRequest): [number, unknown] {
    const params = record.params;
    const created = Math.floor(clock() / 1000);
    const expiresAt = Number(params.expires_at ?? created + 86_400);
    if (expiresAt < created + 30 * 60 || expiresAt > created + 86_400) {
      return [
        400,
        apiError(
          'invalid_request_error',
          'The `expires_at` timestamp must be between 30 minutes and 24 hours from Checkout Session creation.',
        ),
      ];
    }
    const items = (params.line_items ?? []) as Array<{
      quantity?: string;
      price_data?: { currency?: string; unit_amount?: string };
    }>;
    const refused = lineItemProblem(items);
    if (refused) return [400, refused];
    const taxAsked = readSessionTax(params);
    if ('error' in taxAsked) return [400, taxAsked.error];
    const taxIdCollection = params.tax_id_collection as
      { enabled?: string; required?: string } | undefined;
    const amount = items.reduce(
      (sum, item) => sum + Number(item.price_data?.unit_amount) * Number(item.quantity ?? 1),
      0,
    );
    const id = randomId('cs_test');
    const session: FakeSession = {
      id,
      object: 'checkout.session',
      amount_subtotal: amount,
      amount_total: amount,
      automatic_tax: openAutomaticTax(taxAsked.tax),
      billing_address_collection:
        (params.billing_address_collection as 'auto' | 'required' | undefined) ?? null,
      client_reference_id: (params.client_reference_id as string | undefined) ?? null,
      created,
      // Stripe takes the code in any case and answers in lower case.
      currency: items[0]!.price_data!.currency!.toLowerCase(),
      customer_details: null,
      customer_email: (params.customer_email as string | undefined) ?? null,
      expires_at: expiresAt,
      livemode: false,
      metadata: (params.metadata as Record<string, string> | undefined) ?? {},
      mode: 'payment',
      payment_intent: null,
      payment_status: 'unpaid',
      status: 'open',
      success_url: String(params.success_url ?? ''),
      cancel_url: String(params.cancel_url ?? ''),
      tax_id_collection: {
        enabled: taxIdCollection?.enabled === 'true',
        required: taxIdCollection?.required === 'if_supported' ? 'if_supported' : 'never',
      },
      // Tax is calculated once Checkout knows the address: nothing on a session just opened.
      total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
      url: `https://checkout.stripe.com/c/pay/${id}`,
    };
    sessions.set(id, session);
    sessionTaxes.set(id, taxAsked.tax);
    prices.set(id, amount);
    const intentData = params.payment_intent_data as
      { metadata?: Record<string, string> } | undefined;
    intentMetadata.set(id, intentData?.metadata ?? {});
    return [200, session];
  }

  function session(id: string): FakeSession {
    const found = sessions.get(id);
    if (!found) throw new Error(`fake Stripe has no session ${id}`);
    return found;
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    api: { host: '127.0.0.1', port, protocol: 'http' },
    requests,
    sessionCreations: () =>
      requests.filter((r) => r.method === 'POST' && r.path === '/v1/checkout/sessions'),
    sessionExpiries: () => requests.filter((r) => r.method === 'POST' && /\/expire$/.test(r.path)),
    refundRequests: () => requests.filter((r) => r.method === 'POST' && r.path === '/v1/refunds'),
    refunds: () => [...refunds.values()],
    refundInDashboard(paymentIntentId) {
      const [status, refund] = createRefund({
        method: 'POST',
        path: '/v1/refunds',
        idempotencyKey: undefined,
        stripeVersion: undefined,
        params: { payment_intent: paymentIntentId },
        query: {},
        answer: 200,
      });
      if (status !== 200) throw new Error(`fake Stripe could not refund ${paymentIntentId}`);
      return refund as FakeRefund;
    },
    session,
    sessions: () => [...sessions.values()],
    completeSession(id, options = {}) {
      const found = session(id);
      const paymentIntentId = options.paymentIntentId ?? found.payment_intent ?? randomId('pi');
      found.status = 'complete';
      found.payment_status = options.paymentStatus ?? 'paid';
      found.payment_intent = paymentIntentId;
      found.url = null;
      complete(found, options);
      if (options.currency !== undefined) found.currency = options.currency;
      paymentIntents.set(paymentIntentId, {
        id: paymentIntentId,
        object: 'payment_intent',
        amount: found.amount_total,
        currency: found.currency,
        metadata: intentMetadata.get(id) ?? {},
        status: found.payment_status === 'paid' ? 'succeeded' : 'processing',
      });
      return { ...found };
    },
    expireSession(id) {
      const found = session(id);
      found.status = 'expired';
      found.url = null;
      return { ...found };
    },
    refundedCharge(paymentIntentId, amountRefunded) {
      const intent = paymentIntents.get(paymentIntentId);
      if (!intent) throw new Error(`fake Stripe has no payment intent ${paymentIntentId}`);
      const refunded = amountRefunded ?? intent.amount;
      return {
        id: randomId('ch'),
        object: 'charge',
        amount: intent.amount,
        amount_captured: intent.amount,
        amount_refunded: refunded,
        currency: intent.currency,
        metadata: {},
        paid: true,
        payment_intent: paymentIntentId,
        refunded: refunded >= intent.amount,
        status: 'succeeded',
      };
    },
    failRequests(mode, count = Number.POSITIVE_INFINITY) {
      failure = { mode, remaining: count };
    },
    recover() {
      failure = null;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function send(response: ServerResponse, status: number, payload: unknown) {
  response.writeHead(status, {
    'content-type': 'application/json',
    'request-id': randomId('req'),
  });
  response.end(JSON.stringify(payload));
}

/**
 * What Stripe says of line items it cannot charge: a missing currency, or an amount that is not
 * a whole number of the currency's smallest unit (Stripe takes ¥1,500 as 1500, never 1500.0).
 */
function lineItemProblem(
  items: Array<{ price_data?: { currency?: string; unit_amount?: string } }>,
) {
  for (const [index, item] of items.entries()) {
    const param = `line_items[${index}][price_data]`;
    if (!item.price_data?.currency) {
      return {
        error: {
          ...apiError('invalid_request_error', `Missing required param: ${param}[currency].`).error,
          code: 'parameter_missing',
          param: `${param}[currency]`,
        },
      };
    }
    if (!/^\d+$/.test(item.price_data.unit_amount ?? '')) {
      return {
        error: {
          ...apiError(
            'invalid_request_error',
            `Invalid integer: ${item.price_data.unit_amount ?? ''}`,
          ).error,
          code: 'parameter_invalid_integer',
          param: `${param}[unit_amount]`,
        },
      };
    }
  }
  return undefined;
}

function apiError(type: string, message: string) {
  return { error: { type, message } };
}

function missing(object: string, id: string) {
  return {
    error: {
      type: 'invalid_request_error',
      code: 'resource_missing',
      param: 'id',
      message: `No such ${object}: '${id}'`,
    },
  };
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

/** `a[b][0][c]=1` → `{ a: { b: [{ c: '1' }] } }`, as Stripe reads the SDK's form bodies. */
export function parseForm(body: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.split(/[[\]]+/).filter(Boolean);
    let node: Record<string, unknown> | unknown[] = root;
    path.forEach((part, index) => {
      if (part === '__proto__' || part === 'constructor' || part === 'prototype') return;
      const last = index === path.length - 1;
      const container = node as Record<string, unknown>;
      if (last) {
        container[part] = value;
        return;
      }
      container[part] ??= /^\d+$/.test(path[index + 1]!) ? [] : {};
      node = container[part] as Record<string, unknown>;
    });
  }
  return root;
}

/** The payments config of a test app whose Stripe is this fake. */
export function stripeTestPayments(
  fake: FakeStripe,
  options: { timeoutMs?: number } = {},
): Config['payments'] {
  return {
    provider: 'stripe',
    stripe: {
      secretKey: 'sk_test_bindery',
      webhookSecret: TEST_WEBHOOK_SECRET,
      api: fake.api,
      ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
    },
    checkoutSessionMinutes: 30,
    tax: null,
    downloadLinkMinutes: 15,
  };
}
