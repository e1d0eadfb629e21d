import { TestCheckoutMessages } from '@bindery/shared';
import type { OrdersService } from '../orders/index.js';
import { checkBilling } from './test-checkout-billing.js';
import {
  testPaymentIdOf,
  type TestBuyer,
  type TestCheckoutSessions,
} from './test-checkout-sessions.js';
import type { TestCheckoutSession } from './test-checkout.repo.js';

/** The card the test checkout always declines, as Stripe's test mode does. */
export const DECLINED_TEST_CARD = '4000000000000002';

export interface CardForm {
  cardNumber: string;
  expiry: string;
  cvc: string;
  name: string;
  /** Billing details, asked only when the session charges tax ('' otherwise). */
  country: string;
  taxId: string;
}

/** The checked fields of the card form; a refusal names the one it is about. */
export type CardField = 'cardNumber' | 'expiry' | 'cvc' | 'country' | 'taxId';

/** What the hosted page shows next: the form (again), a message, or the way back to the store. */
export type CheckoutPage =
  | {
      kind: 'form';
      status: 200 | 400 | 402;
      session: TestCheckoutSession;
      error?: { field: CardField; message: string };
      /** What was typed, shown again after a refusal: test cards only, nothing is secret. */
      values?: CardForm;
    }
  | {
      kind: 'message';
      status: 200 | 404 | 409 | 410;
      message: string;
      /** A paid session links on to the success page. */
      successUrl?: string;
    }
  | { kind: 'redirect'; location: string };

export interface TestCheckoutServiceOptions {
  sessions: Pick<TestCheckoutSessions, 'findSession' | 'completeSession' | 'closeSession'>;
  orders: Pick<OrdersService, 'applyOutcome' | 'recordUnmatchedPayment'>;
  clock?: () => number;
  log?: { warn(details: object, message: string): void };
}

/** Luhn checksum, as card numbers carry it. */
export function isLuhnValid(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/**
 * Checks a card as a card form would, in Stripe's words. Any Luhn-valid number other than the
 * declined test card pays: this is a test checkout, nothing is charged and the number is never
 * stored or logged.
 */
export function checkCard(
  form: Pick<CardForm, 'cardNumber' | 'expiry' | 'cvc'>,
  now: number,
): { status: 400 | 402; field: CardField; message: string } | null {
  const number = form.cardNumber.replace(/ /g, '');
  if (!/^\d{12,19}$/.test(number) || !isLuhnValid(number)) {
    return { status: 400, field: 'cardNumber', message: TestCheckoutMessages.cardNumberInvalid };
  }
  const expiry = /^(\d{1,2}) ?\/ ?(\d{2})$/.exec(form.expiry.trim());
  const month = Number(expiry?.[1]);
  if (!expiry || month < 1 || month > 12) {
    return { status: 400, field: 'expiry', message: TestCheckoutMessages.expiryInvalid };
  }
  // A card works until the end of its expiry month.
  const year = 2000 + Number(expiry[2]);
  const today = new Date(now);
  const currentMonths = today.getUTCFullYear() * 12 + today.getUTCMonth() + 1;
  if (year * 12 + month < currentMonths) {
    return { status: 400, field: 'expiry', message: TestCheckoutMessages.expiryInPast };
  }
  if (!/^\d{3,4}$/.test(form.cvc.trim())) {
    return { status: 400, field: 'cvc', message: TestCheckoutMessages.cvcInvalid };
  }
  if (number === DECLINED_TEST_CARD) {
    return { status: 402, field: 'cardNumber', message: TestCheckoutMessages.declined };
  }
  return null;
}

const successUrlOf = (session: TestCheckoutSession) =>
  session.successUrl.replace('{CHECKOUT_SESSION_ID}', session.id);
/** What the page's steps share: the options, with the clock settled. */
type TestCheckoutContext = Omit<TestCheckoutServiceOptions, 'clock'> & { clock: () => number };

/**
 * The hosted page of the built-in test provider. Paying completes the provider's session and
 * then tells the orders service, as a provider's webhook would; canceling or running out of
 * time cancels the order. Every change goes through applyPaymentOutcome with an event id, so
 * repeats change nothing.
 */
export function createTestCheckoutService({
  clock = Date.now,
  ...options
}: TestCheckoutServiceOptions) {
  const ctx: TestCheckoutContext = { ...options, clock };
  return {
    show: (sessionId: string) => showPage(ctx, sessionId),
    pay: (sessionId: string, form: CardForm) => pay(ctx, sessionId, form),
    cancel: (sessionId: string) => cancel(ctx, sessionId),
  };
}

export type TestCheckoutService = ReturnType<typeof createTestCheckoutService>;

const notFound: CheckoutPage = {
  kind: 'message',
  status: 404,
  message: TestCheckoutMessages.notFound,
};

/** An expired session's order is canceled: by the sweep, or here at the latest. */
async function cancelOrderOf(
  orders: TestCheckoutContext['orders'],
  session: TestCheckoutSession,
  eventId: string,
) {
  await orders.applyOutcome({
    orderId: session.orderId,
    result: 'canceled',
    source: 'test-checkout',
    eventId,
    sessionId: session.id,
  });
}

/** The page for a session that can no longer be paid or canceled. */
async function closedPage(
  orders: TestCheckoutContext['orders'],
  session: TestCheckoutSession,
  paidStatus: 200 | 409,
) {
  if (session.status === 'complete') {
    return {
      kind: 'message',
      status: paidStatus,
      message: TestCheckoutMessages.alreadyPaid,
      successUrl: successUrlOf(session),
    } satisfies CheckoutPage;
  }
  await cancelOrderOf(orders, session, `evt_test_expired_${session.id}`);
  return {
    kind: 'message',
    status: 410,
    message: TestCheckoutMessages.expired,
  } satisfies CheckoutPage;
}

async function showPage(
  { sessions, orders }: TestCheckoutContext,
  sessionId: string,
): Promise<CheckoutPage> {
  const session = await sessions.findSession(sessionId);
  if (!session) return notFound;
  if (session.status !== 'open') return closedPage(orders, session, 200);
  return { kind: 'form', status: 200, session };
}

async function pay(
  ctx: TestCheckoutContext,
  sessionId: string,
  form: CardForm,
): Promise<CheckoutPage> {
  const { sessions, orders, clock } = ctx;
  const session = await sessions.findSession(sessionId);
  if (!session) return notFound;
  if (session.status !== 'open') return closedPage(orders, session, 409);
  const checked = checkPayment(session, form, clock());
  if (!checked.ok) {
    const { status, field, message } = checked;
    return { kind: 'form', status, session, error: { field, message }, values: form };
  }
  const paid = await sessions.completeSession(session, checked.buyer);
  if (!paid) {
    // Paid by a concurrent request, or its time ran out just now.
    const current = await sessions.findSession(session.id);
    return current ? closedPage(orders, current, 409) : notFound;
  }
  await recordPayment(ctx, paid);
  return { kind: 'redirect', location: successUrlOf(session) };
}

/**
 * The form's fields in the page's order (card, then billing details when the session charges
 * tax); a declined card is answered only once everything typed is well formed.
 */
function checkPayment(
  session: TestCheckoutSession,
  form: CardForm,
  now: number,
):
  | { ok: true; buyer: TestBuyer }
  | { ok: false; status: 400 | 402; field: CardField; message: string } {
  const problem = checkCard(form, now);
  if (problem?.status === 400) return { ok: false, ...problem };
  const noBuyer: TestBuyer = { name: null, country: null, taxId: null };
  const billing = session.taxBehavior === null ? null : checkBilling(form);
  if (billing && !billing.ok) return { ...billing, status: 400 };
  if (problem) return { ok: false, ...problem };
  return { ok: true, buyer: billing?.buyer ?? noBuyer };
}

/** The provider has the money; now its "webhook". */
async function recordPayment({ orders, log }: TestCheckoutContext, session: TestCheckoutSession) {
  const result = await orders.applyOutcome({
    orderId: session.orderId,
    result: 'paid',
    source: 'test-checkout',
    eventId: `evt_test_paid_${session.id}`,
    sessionId: session.id,
    amountCents: session.amountTotal ?? session.amountCents,
    currency: session.currency,
    billing: {
      subtotalCents: session.amountSubtotal,
      taxCents: session.amountTax,
      taxRate: session.taxRate,
      buyerName: session.buyerName,
      buyerCountry: session.buyerCountry,
      buyerTaxId: session.buyerTaxId,
    },
    paymentIntentId: testPaymentIdOf(session.id),
  });
  if (result.kind === 'unknown-order') {
    await orders.recordUnmatchedPayment({
      id: `evt_test_paid_${session.id}`,
      provider: 'test',
      orderId: session.orderId,
      sessionId: session.id,
      paymentIntentId: testPaymentIdOf(session.id),
      amountCents: session.amountTotal ?? session.amountCents,
      currency: session.currency,
      reason: 'paid for an order the store does not have (deleted?)',
    });
  } else if (result.kind === 'mismatch') {
    log?.warn(
      { orderId: session.orderId, reason: result.reason },
      'test payment does not match its order: not fulfilled, flagged for review',
    );
  }
}

async function cancel(
  { sessions, orders }: TestCheckoutContext,
  sessionId: string,
): Promise<CheckoutPage> {
  const session = await sessions.findSession(sessionId);
  if (!session) return notFound;
  if (session.status === 'complete') return closedPage(orders, session, 409);
  if (session.status === 'open' && !(await sessions.closeSession(session.id))) {
    // A payment completed it a moment ago: that one stands.
    const current = await sessions.findSession(session.id);
    if (current?.status === 'complete') return closedPage(orders, current, 409);
  }
  await cancelOrderOf(orders, session, `evt_test_canceled_${session.id}`);
  return { kind: 'redirect', location: session.cancelUrl };
}
