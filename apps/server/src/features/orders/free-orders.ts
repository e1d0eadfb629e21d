import { FREE_ORDERS_PER_HOUR, PricingMessages } from '@bindery/shared';
import { AppError } from '../../errors.js';
import { newOrderRow, type Alongside, type NewOrderInput } from './order-lifecycle.js';
import type { OrderRow, OrdersRepo } from './orders.repo.js';
import type { OutcomeResult, PaymentOutcome } from './fulfilment.js';

const HOUR = 60 * 60 * 1000;
/** Seconds a buyer who took too many free downloads is asked to wait. */
const RETRY_AFTER_SECONDS = 15 * 60;

export interface FreeOrdersOptions {
  repo: OrdersRepo;
  applyOutcome: (outcome: PaymentOutcome) => Promise<OutcomeResult>;
  clock: () => number;
}

/**
 * Free downloads (decision 034): an order at 0 that no provider is asked about. It is made and
 * claimed in one transaction (one per buyer and product, a few per hour, whatever races), then
 * paid at once through the same outcome every payment takes, so the receipt, the invoice and
 * the sales totals follow as for any order.
 */
export function createFreeOrders({ repo, applyOutcome, clock }: FreeOrdersOptions) {
  return {
    /**
     * The buyer's free order of a product, paid; its `providerSessionId` (`free_…`) is what the
     * success page is opened with. 409 when the buyer owns the product already, 429 after
     * FREE_ORDERS_PER_HOUR in an hour.
     */
    async createFreeOrder(
      input: Omit<NewOrderInput, 'product'> & { product: { id: string; currency: string } },
      alongside?: Alongside,
    ): Promise<OrderRow> {
      const now = clock();
      const row = newOrderRow({ ...input, product: { ...input.product, priceCents: 0 } }, now);
      row.providerSessionId = `free_${row.id}`;
      const orderNumber = await repo.transaction(async (tx, trx) => {
        await tx.lockBuyer(input.userId);
        if (await tx.findOwningOrder(input.userId, input.product.id)) {
          throw AppError.conflict(PricingMessages.freeAlreadyClaimed);
        }
        const claim = { userId: input.userId, productId: input.product.id, orderId: row.id };
        if (!(await tx.claimFree({ ...claim, createdAt: now }))) {
          throw AppError.conflict(PricingMessages.freeAlreadyClaimed);
        }
        if ((await tx.countFreeClaimsSince(input.userId, now - HOUR)) > FREE_ORDERS_PER_HOUR) {
          throw AppError.tooManyRequests(PricingMessages.freeTooOften, RETRY_AFTER_SECONDS);
        }
        const number = await tx.insertOrder(row);
        await alongside?.(trx, row.id);
        return number;
      });
      await applyOutcome({
        orderId: row.id,
        result: 'paid',
        source: 'free download',
        eventId: `free_${row.id}`,
        sessionId: row.providerSessionId,
        amountCents: 0,
        currency: row.currency,
      });
      return { ...row, orderNumber, status: 'paid', paidAt: now };
    },
  };
}
