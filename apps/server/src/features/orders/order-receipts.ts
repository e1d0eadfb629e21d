import {
  OrderMessages,
  RECEIPT_RESEND_ORDER_MINUTES,
  RECEIPT_RESENDS_PER_HOUR,
  ReceiptMessages,
  type ReceiptSentResponse,
} from '@bindery/shared';
import { AppError } from '../../errors.js';
import { findOrderById, requireOrderById } from './order-ids.js';
import type { OrderNotices } from './order-notices.js';
import type { OrderRow, OrdersRepo } from './orders.repo.js';

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;

interface OrderReceiptsDeps {
  repo: OrdersRepo;
  notices?: OrderNotices;
  clock: () => number;
}

/** 429 until `until`, saying in whole minutes when to ask again. */
function tooSoon(message: (minutes: number) => string, until: number, now: number): AppError {
  const wait = Math.max(until - now, 1000);
  return AppError.tooManyRequests(message(Math.ceil(wait / MINUTE)), Math.ceil(wait / 1000));
}

/**
 * Sending an order's receipt again, the same email payment sends: by the owner, or by the buyer
 * (at most once per order every 10 minutes and 5 an hour, counted in the database under a lock
 * per buyer, so the limits hold across instances and concurrent requests).
 */
export function createOrderReceipts({ repo, notices, clock }: OrderReceiptsDeps) {
  /** The receipt's email, ready to queue; 409 unless the order is paid and its buyer exists. */
  async function prepareReceipt(order: OrderRow) {
    if (order.status !== 'paid') throw AppError.conflict(ReceiptMessages.notPaid);
    const notice = await notices?.prepare(order);
    if (!notice) throw AppError.conflict(ReceiptMessages.noBuyer);
    return notice;
  }

  return {
    /** The owner's Resend receipt; 404 for an unknown order. */
    async resendReceipt(orderId: string): Promise<ReceiptSentResponse> {
      const notice = await prepareReceipt(await requireOrderById(repo, orderId));
      await repo.transaction((_tx, trx) => notice.paid(trx));
      return { to: notice.to };
    },

    /** The buyer's Email me the receipt; another buyer's order is not found. */
    async emailMyReceipt(userId: string, orderId: string): Promise<ReceiptSentResponse> {
      const order = await findOrderById(repo, orderId);
      if (!order || order.userId !== userId) throw AppError.notFound(OrderMessages.orderNotFound);
      const notice = await prepareReceipt(order);
      await repo.transaction(async (tx, trx) => {
        await tx.lockReceiptRequests(userId);
        const now = clock();
        const recent = await tx.receiptRequestsSince(userId, now - HOUR);
        const lastForOrder = recent.filter((request) => request.orderId === orderId).at(-1);
        if (
          lastForOrder &&
          lastForOrder.requestedAt > now - RECEIPT_RESEND_ORDER_MINUTES * MINUTE
        ) {
          const until = lastForOrder.requestedAt + RECEIPT_RESEND_ORDER_MINUTES * MINUTE;
          throw tooSoon(ReceiptMessages.orderTooSoon, until, now);
        }
        if (recent.length >= RECEIPT_RESENDS_PER_HOUR) {
          const oldest = recent[recent.length - RECEIPT_RESENDS_PER_HOUR]!;
          throw tooSoon(ReceiptMessages.tooManyThisHour, oldest.requestedAt + HOUR, now);
        }
        await tx.recordReceiptRequest({ orderId, userId, requestedAt: now }, now - HOUR);
        await notice.paid(trx);
      });
      return { to: notice.to };
    },
  };
}
