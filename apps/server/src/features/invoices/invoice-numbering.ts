import { CREDIT_NOTE_PREFIX } from '@bindery/shared';
import type { Db } from '../../db/client.js';
import type { DocumentRecorder } from '../orders/index.js';
import type { SellerDetails } from './invoice-facts.js';
import { invoiceQueries } from './invoices.repo.js';

export interface InvoiceNumberingOptions {
  /** The invoice prefix in force now (the owner's settings). */
  invoicePrefix: () => string;
  /** The seller's details now, kept with each document. */
  seller: () => SellerDetails;
}

/**
 * Numbers an order's documents in the transaction that changes its status: an invoice when it
 * becomes paid (a payment, or the owner granting a flagged one), a credit note when a paid
 * order is refunded (by the store or by a lost dispute). Money returned for an order that was
 * never paid (a flagged payment) has no invoice, so no credit note either.
 */
export function createInvoiceNumbering(options: InvoiceNumberingOptions): DocumentRecorder {
  return {
    async recordStatusChange({ orderId, from, to, at }, within: Db) {
      const queries = invoiceQueries(within);
      const seller = JSON.stringify(options.seller());
      if (to === 'paid') {
        await queries.issueDocument({
          orderId,
          kind: 'invoice',
          prefix: options.invoicePrefix(),
          issuedAt: at,
          seller,
        });
      } else if (to === 'refunded' && from === 'paid') {
        if (!(await queries.findDocument(orderId, 'invoice'))) return;
        await queries.issueDocument({
          orderId,
          kind: 'credit-note',
          prefix: CREDIT_NOTE_PREFIX,
          issuedAt: at,
          seller,
        });
      }
    },
  };
}
