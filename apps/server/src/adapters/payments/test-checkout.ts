import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/client.js';
import type { TestCheckoutSessionsTable } from '../../db/types.js';
import type {
  CreateCheckoutSessionInput,
  CreatedCheckoutSession,
  PaymentProvider,
  ProviderSession,
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
  expireSession(sessionId: string): Promise<boolean>;
}

export interface TestCheckoutOptions {
  db: Db;
  /** The hosted page is served by this app (features/test-checkout), at this address. */
  publicUrl: string;
  clock?: () => number;
}

export function isTestCheckoutProvider(
  provider: PaymentProvider,
): provider is TestCheckoutProvider {
  return provider.name === 'test' && 'completeSession' in provider;
}

const newSessionId = () => `cs_test_${randomBytes(24).toString('base64url')}`;

export function createTestCheckoutProvider({
  db,
  publicUrl,
  clock = Date.now,
}: TestCheckoutOptions): TestCheckoutProvider {
  /** Marks an open session that has reached its end as expired; the row as it is afterwards. */
  async function settleExpiry(row: TestCheckoutSession): Promise<TestCheckoutSession> {
    const now = clock();
    if (row.status !== 'open' || now < row.expiresAt) return row;
    await db
      .updateTable('testCheckoutSessions')
      .set({ status: 'expired' })
      .where('id', '=', row.id)
      .where('status', '=', 'open')
      .execute();
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

  async function findSession(sessionId: string): Promise<TestCheckoutSession | null> {
    if (!TEST_SESSION_ID_SHAPE.test(sessionId)) return null;
    const row = await read(sessionId);
    return row ? settleExpiry(row) : null;
  }

  return {
    name: 'test',

    /**
     * One open session per order: the idempotency key is `checkout-<orderId>`, so asking again
     * for the same order returns the session already open instead of a second one.
     */
    async createCheckoutSession(
      input: CreateCheckoutSessionInput,
    ): Promise<CreatedCheckoutSession> {
      const now = clock();
      const open = await db
        .selectFrom('testCheckoutSessions')
        .selectAll()
        .where('orderId', '=', input.orderId)
        .where('status', '=', 'open')
        .where('expiresAt', '>', now)
        .executeTakeFirst();
      const id = open?.id ?? newSessionId();
      if (!open) {
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
            createdAt: now,
            expiresAt: input.expiresAt,
          })
          .execute();
      }
      return { sessionId: id, url: `${publicUrl}/checkout/test/${id}` };
    },

    async retrieveSession(sessionId: string): Promise<ProviderSession | null> {
      const row = await findSession(sessionId);
      if (!row) return null;
      return {
        id: row.id,
        orderId: row.orderId,
        status: row.status,
        paymentStatus: row.paymentStatus,
        amountTotal: row.amountCents,
        currency: row.currency,
        paymentIntentId: null,
      };
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

    async expireSession(sessionId: string): Promise<boolean> {
      const result = await db
        .updateTable('testCheckoutSessions')
        .set({ status: 'expired' })
        .where('id', '=', sessionId)
        .where('status', '=', 'open')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
  };
}
