import { randomBytes } from 'node:crypto';
import {
  PaymentProviderRefusedError,
  type CreateCheckoutSessionInput,
  type CreatedCheckoutSession,
  type ProviderRefund,
  type ProviderSession,
  type RefundPaymentInput,
} from '../../adapters/payments/payment-provider.js';
import type { TestCheckoutPort } from '../../adapters/payments/test-checkout.js';
import { sessionChargeOf } from './test-checkout-tax.js';
import type {
  SessionPayment,
  TestCheckoutRepo,
  TestCheckoutSession,
} from './test-checkout.repo.js';

/** Who paid, as the billing details of a taxed checkout give it (each null when not given). */
export interface TestBuyer {
  name: string | null;
  country: string | null;
  taxId: string | null;
}

/** `cs_test_` and 24 random bytes: 32 base64url characters nobody can guess. */
export const TEST_SESSION_ID_SHAPE = /^cs_test_[A-Za-z0-9_-]{32}$/;

const newSessionId = () => `cs_test_${randomBytes(24).toString('base64url')}`;
const newRefundId = () => `re_test_${randomBytes(12).toString('base64url')}`;

/** The test checkout's name for the payment of a paid session, as a provider's payment id. */
export const testPaymentIdOf = (sessionId: string) => sessionId.replace(/^cs_test_/, 'pi_test_');

function toProviderSession(row: TestCheckoutSession): ProviderSession {
  const hasBuyer = row.buyerName !== null || row.buyerCountry !== null || row.buyerTaxId !== null;
  return {
    id: row.id,
    orderId: row.orderId,
    status: row.status,
    paymentStatus: row.paymentStatus,
    // As Stripe's: the total is the price until paying adds the tax.
    amountTotal: row.amountTotal ?? row.amountCents,
    amountSubtotal: row.amountSubtotal,
    amountTax: row.amountTax,
    taxRate: row.taxRate,
    currency: row.currency,
    paymentIntentId: row.paymentStatus === 'paid' ? testPaymentIdOf(row.id) : null,
    customer: hasBuyer
      ? { name: row.buyerName, country: row.buyerCountry, taxId: row.buyerTaxId }
      : null,
  };
}

/** A new open session; it charges `taxRate` when the checkout asks for tax. */
function newSessionRow(
  id: string,
  input: CreateCheckoutSessionInput,
  taxRate: string | null,
  now: number,
): TestCheckoutSession {
  const isTaxed = input.tax !== null && taxRate !== null;
  return {
    id,
    orderId: input.orderId,
    productTitle: input.productTitle,
    amountCents: input.amountCents,
    currency: input.currency,
    status: 'open',
    paymentStatus: 'unpaid',
    successUrl: input.successUrl,
    cancelUrl: input.cancelUrl,
    createdAt: now,
    expiresAt: input.expiresAt,
    idempotencyKey: input.idempotencyKey,
    taxBehavior: isTaxed ? input.tax!.behavior : null,
    taxRate: isTaxed ? taxRate : null,
    amountSubtotal: null,
    amountTax: null,
    amountTotal: null,
    buyerName: null,
    buyerCountry: null,
    buyerTaxId: null,
  };
}

/** What paying a session records beside its new status: the charge and buyer when taxed. */
function paymentOf(session: TestCheckoutSession, buyer: TestBuyer): SessionPayment | null {
  const charge = sessionChargeOf(session);
  if (!charge) return null;
  return {
    amountSubtotal: charge.subtotal,
    amountTax: charge.tax,
    amountTotal: charge.total,
    buyerName: buyer.name,
    buyerCountry: buyer.country,
    buyerTaxId: buyer.taxId,
  };
}

export interface TestCheckoutSessionsOptions {
  repo: TestCheckoutRepo;
  /** TEST_TAX_RATE, a decimal percentage: charged when a checkout asks for tax. */
  taxRate?: string | null;
  clock?: () => number;
}

/**
 * The provider's side of the built-in test checkout: sessions and refunds kept as a provider
 * keeps them. The payments adapter serves the store through it (`TestCheckoutPort`), and the
 * hosted page reads a session and moves it to paid or expired.
 */
export function createTestCheckoutSessions({
  repo,
  taxRate = null,
  clock = Date.now,
}: TestCheckoutSessionsOptions) {
  /** Marks an open session that has reached its end as expired; the row as it is afterwards. */
  async function settleExpiry(row: TestCheckoutSession): Promise<TestCheckoutSession> {
    const now = clock();
    if (row.status !== 'open' || now < row.expiresAt) return row;
    await repo.closeSession(row.id);
    // Re-read: a payment may have completed the session just before its end.
    return (await repo.findSession(row.id)) ?? row;
  }

  /** The session, or null when there is none; an open session past its end reads as expired. */
  async function findSession(sessionId: string): Promise<TestCheckoutSession | null> {
    if (!TEST_SESSION_ID_SHAPE.test(sessionId)) return null;
    const row = await repo.findSession(sessionId);
    return row ? settleExpiry(row) : null;
  }

  const port: TestCheckoutPort = {
    /** As a provider does: the same idempotency key returns the session it first made. */
    async createSession(input: CreateCheckoutSessionInput): Promise<CreatedCheckoutSession> {
      // The hosted page is served by this app (test-checkout.routes), at the address the buyer
      // started from.
      const url = (id: string) => `${input.storeUrl}/checkout/test/${id}`;
      const earlier = await repo.findSessionByKey(input.idempotencyKey);
      if (earlier)
        return { sessionId: earlier.id, url: url(earlier.id), expiresAt: earlier.expiresAt };
      const id = newSessionId();
      await repo.insertSession(newSessionRow(id, input, taxRate, clock()));
      return { sessionId: id, url: url(id), expiresAt: input.expiresAt };
    },

    async retrieveSession(sessionId: string): Promise<ProviderSession | null> {
      const row = await findSession(sessionId);
      return row ? toProviderSession(row) : null;
    },

    async expireSession(sessionId: string): Promise<ProviderSession | null> {
      if (!TEST_SESSION_ID_SHAPE.test(sessionId)) return null;
      await repo.closeSession(sessionId);
      const row = await repo.findSession(sessionId);
      return row ? toProviderSession(row) : null;
    },

    /** Refunds a completed session's payment once per key; nothing real was charged. */
    async refundPayment(input: RefundPaymentInput): Promise<ProviderRefund> {
      const earlier = await repo.findRefundIdByKey(input.idempotencyKey);
      if (earlier) return { id: earlier.id, status: 'succeeded' };
      const paid = await repo.findPaidSessionOfOrder(input.orderId);
      if (!paid) {
        throw new PaymentProviderRefusedError(
          `the test checkout has no payment for order ${input.orderId}`,
          400,
        );
      }
      await repo.insertRefund({
        id: newRefundId(),
        sessionId: paid.id,
        idempotencyKey: input.idempotencyKey,
        amountCents: input.amountCents,
        createdAt: clock(),
      });
      const { id } = (await repo.findRefundIdByKey(input.idempotencyKey))!;
      return { id, status: 'succeeded' };
    },
  };

  return {
    ...port,
    findSession,
    /**
     * open → complete and paid while the session has not ended; the session as paid when this
     * call did it, else null. A taxed session records its charge and buyer in the same step.
     */
    async completeSession(
      session: TestCheckoutSession,
      buyer: TestBuyer,
    ): Promise<TestCheckoutSession | null> {
      const paid = paymentOf(session, buyer);
      if (!(await repo.completeSession(session.id, clock(), paid))) return null;
      return { ...session, status: 'complete', paymentStatus: 'paid', ...paid };
    },
    /** open → expired (buyer canceled, or time is up); true when this call did it. */
    closeSession: (sessionId: string) => repo.closeSession(sessionId),
  };
}

export type TestCheckoutSessions = ReturnType<typeof createTestCheckoutSessions>;
