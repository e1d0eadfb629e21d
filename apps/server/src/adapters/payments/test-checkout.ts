import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/client.js';
import type { TestCheckoutSessionsTable } from '../../db/types.js';
import {
  PaymentProviderRefusedError,
  type CreateCheckoutSessionInput,
  type CreatedCheckoutSession,
  type PaymentProvider,
  type ProviderRefund,
  type ProviderSession,
  type RefundPaymentInput,
} from './payment-provider.js';

export type TestCheckoutSession = TestCheckoutSessionsTable;

/** `cs_test_` and 24 random bytes: 32 base64url characters nobody can guess. */
export const TEST_SESSION_ID_SHAPE = /^cs_test_[A-Za-z0-9_-]{32}$/;

/**
 * The built-in test provider, plus what its hosted page needs: reading a session and moving it
 * to paid or expired. Its state lives in `test_checkout_sessions`, as a real provider's would
 * live on the provider's side.
 */
export interface TestCheckoutProvider extends PaymentProvider {
  readonly name: 'test';
  /** The session, or null when there is none; an open session past its end reads as expired. */
  findSession(sessionId: string): Promise<TestCheckoutSession | null>;
  /** open → complete and paid while the session has not ended; true when this call did it. */
  completeSession(sessionId: string): Promise<boolean>;
  /** open → expired (buyer canceled, or time is up); true when this call did it. */
  closeSession(sessionId: string): Promise<boolean>;
}

export interface TestCheckoutOptions {
  db: Db;
  clock?: () => number;
}

export function isTestCheckoutProvider(
  provider: PaymentProvider,
): provider is TestCheckoutProvider {
  return provider.name === 'test' && 'completeSession' in provider;
}

const newSessionId = () => `cs_test_${randomBytes(24).toString('base64url')}`;
const newRefundId = () => `re_test_${randomBytes(12).toString('base64url')}`;

/** The test checkout's name for the payment of a paid session, as a provider's payment id. */
export const testPaymentIdOf = (sessionId: string) => sessionId.replace(/^cs_test_/, 'pi_test_');

function toProviderSession(row: TestCheckoutSession): ProviderSession {
  return {
    id: row.id,
    orderId: row.orderId,
    status: row.status,
    paymentStatus: row.paymentStatus,
    amountTotal: row.amountCents,
    currency: row.currency,
    paymentIntentId: row.paymentStatus === 'paid' ? testPaymentIdOf(row.id) : null,
  };
}

export function createTestCheckoutProvider({
  db,
  clock = Date.now,
}: TestCheckoutOptions): TestCheckoutProvider {
  /** Marks an open session that has reached its end as expired; the row as it is afterwards. */
  async function settleExpiry(row: TestCheckoutSession): Promise<TestCheckoutSession> {
    const now = clock();
    if (row.status !== 'open' || now < row.expiresAt) return row;
    await closeSession(row.id);
    // Re-read: a payment may have completed the session just before its end.
    return (await read(row.id)) ?? row;
  }

  function read(sessionId: string): Promise<TestCheckoutSession | undefined> {
    return db
      .selectFrom('testCheckoutSessions')
      .selectAll()
      .where('id', '=', sessionId)
      .executeTakeFirst();
  }

  async function closeSession(sessionId: string): Promise<boolean> {
    const result = await db
      .updateTable('testCheckoutSessions')
      .set({ status: 'expired' })
      .where('id', '=', sessionId)
      .where('status', '=', 'open')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async function findSession(sessionId: string): Promise<TestCheckoutSession | null> {
    if (!TEST_SESSION_ID_SHAPE.test(sessionId)) return null;
    const row = await read(sessionId);
    return row ? settleExpiry(row) : null;
  }

  return {
    name: 'test',

    /** As a provider does: the same idempotency key returns the session it first made. */
    async createCheckoutSession(
      input: CreateCheckoutSessionInput,
    ): Promise<CreatedCheckoutSession> {
      // The hosted page is served by this app (features/test-checkout), at the address the buyer
      // started from.
      const url = (id: string) => `${input.storeUrl}/checkout/test/${id}`;
      const earlier = await db
        .selectFrom('testCheckoutSessions')
        .selectAll()
        .where('idempotencyKey', '=', input.idempotencyKey)
        .executeTakeFirst();
      if (earlier)
        return { sessionId: earlier.id, url: url(earlier.id), expiresAt: earlier.expiresAt };
      const id = newSessionId();
      await db
        .insertInto('testCheckoutSessions')
        .values({
          id,
          orderId: input.orderId,
          productTitle: input.productTitle,
          amountCents: input.amountCents,
          currency: input.currency,
          status: 'open',
          paymentStatus: 'unpaid',
          successUrl: input.successUrl,
          cancelUrl: input.cancelUrl,
          createdAt: clock(),
          expiresAt: input.expiresAt,
          idempotencyKey: input.idempotencyKey,
        })
        .execute();
      return { sessionId: id, url: url(id), expiresAt: input.expiresAt };
    },

    async retrieveSession(sessionId: string): Promise<ProviderSession | null> {
      const row = await findSession(sessionId);
      return row ? toProviderSession(row) : null;
    },

    async expireSession(sessionId: string): Promise<ProviderSession | null> {
      if (!TEST_SESSION_ID_SHAPE.test(sessionId)) return null;
      await closeSession(sessionId);
      const row = await read(sessionId);
      return row ? toProviderSession(row) : null;
    },

    /** Refunds a completed session's payment once per key; nothing real was charged. */
    async refundPayment(input: RefundPaymentInput): Promise<ProviderRefund> {
      const earlier = await db
        .selectFrom('testCheckoutRefunds')
        .select('id')
        .where('idempotencyKey', '=', input.idempotencyKey)
        .executeTakeFirst();
      if (earlier) return { id: earlier.id, status: 'succeeded' };
      const paid = await db
        .selectFrom('testCheckoutSessions')
        .select('id')
        .where('orderId', '=', input.orderId)
        .where('paymentStatus', '=', 'paid')
        .executeTakeFirst();
      if (!paid) {
        throw new PaymentProviderRefusedError(
          `the test checkout has no payment for order ${input.orderId}`,
          400,
        );
      }
      // Two requests with one key at once make one refund: the second insert yields.
      await db
        .insertInto('testCheckoutRefunds')
        .values({
          id: newRefundId(),
          sessionId: paid.id,
          idempotencyKey: input.idempotencyKey,
          amountCents: input.amountCents,
          createdAt: clock(),
        })
        .onConflict((oc) => oc.column('idempotencyKey').doNothing())
        .execute();
      const { id } = await db
        .selectFrom('testCheckoutRefunds')
        .select('id')
        .where('idempotencyKey', '=', input.idempotencyKey)
        .executeTakeFirstOrThrow();
      return { id, status: 'succeeded' };
    },

    findSession,

    async completeSession(sessionId: string): Promise<boolean> {
      const result = await db
        .updateTable('testCheckoutSessions')
        .set({ status: 'complete', paymentStatus: 'paid' })
        .where('id', '=', sessionId)
        .where('status', '=', 'open')
        .where('expiresAt', '>', clock())
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    closeSession,
  };
}
