import { invoicePath } from '@bindery/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import type { AuthService } from '../auth/index.js';
import type { CatalogService } from '../catalog/index.js';
import { type MailService, type OrderMailFacts, receiptMail, refundMail } from '../mail/index.js';
import type { OutcomeNotices } from './fulfilment.js';
import { NO_ORDER_KEYS, type OrderLicenseKeys } from './order-license-keys.js';
import type { OrderRow } from './orders.repo.js';

export interface OrderNoticesOptions {
  mail: Pick<MailService, 'enqueue'>;
  catalog: Pick<CatalogService, 'getProductSummaries'>;
  users: Pick<AuthService, 'getUserSummaries'>;
  /** The store's name and support email now (the owner's settings). */
  store: () => { storeName: string; supportEmail: string };
  /** PUBLIC_URL: receipts are sent from webhooks, with no buyer's request to take an address from. */
  storeUrl: string;
  timeZone: string;
  /** STORE_LOCALE: how amounts are written. */
  locale: string;
  /** The key the payment issued, read inside its transaction for the receipt. */
  licenseKeys?: OrderLicenseKeys;
}

/** Shown for a product deleted since it was bought (its order and file are kept). */
const DELETED_PRODUCT_TITLE = 'your purchase';

/**
 * The receipt and the refund notice of an order. What they say (buyer, product title) is read
 * before the order's transaction opens, since SQLite has one connection and the transaction
 * holds it; the email itself is queued inside the transaction, so it exists exactly when the
 * payment or the refund does.
 */
export function createOrderNotices(options: OrderNoticesOptions) {
  return {
    async prepare(
      order: Pick<
        OrderRow,
        | 'id'
        | 'userId'
        | 'productId'
        | 'amountCents'
        | 'currency'
        | 'createdAt'
        | 'subtotalCents'
        | 'taxCents'
        | 'taxBehavior'
        | 'taxRate'
      >,
    ): Promise<OutcomeNotices | undefined> {
      const [buyers, products] = await Promise.all([
        options.users.getUserSummaries([order.userId]),
        options.catalog.getProductSummaries([order.productId]),
      ]);
      const buyer = buyers.get(order.userId);
      if (!buyer) return undefined;
      const facts: OrderMailFacts = {
        ...options.store(),
        storeUrl: options.storeUrl,
        timeZone: options.timeZone,
        to: buyer.email,
        buyerName: buyer.name,
        orderId: order.id,
        productTitle: products.get(order.productId)?.title ?? DELETED_PRODUCT_TITLE,
        amountCents: order.amountCents,
        currency: order.currency,
        locale: options.locale,
        orderedAt: order.createdAt,
        invoiceUrl: `${options.storeUrl}${invoicePath(order.id)}`,
        // The receipt itemises tax when the checkout asked for it (decision 033).
        tax:
          order.taxBehavior === null && order.taxCents === 0
            ? null
            : { subtotalCents: order.subtotalCents, taxCents: order.taxCents, rate: order.taxRate },
      };
      return {
        /** Whom the email goes to. */
        to: buyer.email,
        paid: async (within: Kysely<Database>) => {
          const keys = await (options.licenseKeys ?? NO_ORDER_KEYS).keysOf([order.id], within);
          const licenseKey = keys.get(order.id)?.licenseKey ?? null;
          await options.mail.enqueue(receiptMail({ ...facts, licenseKey }), within);
        },
        refunded: (within: Kysely<Database>) => options.mail.enqueue(refundMail(facts), within),
      };
    },
  };
}

export type OrderNotices = ReturnType<typeof createOrderNotices>;
