import type { Db, Dialect } from '../../db/client.js';
import type { OrdersTable } from '../../db/types.js';
import { freeClaimQueries } from './free-claims.repo.js';
import { orderLifecycleQueries } from './order-lifecycle.repo.js';
import { orderLookupQueries } from './order-lookups.repo.js';
import { orderFileDownloadQueries } from './order-file-downloads.repo.js';
import { productBuyerQueries } from './product-buyers.repo.js';
import { receiptRequestQueries } from './receipt-requests.repo.js';
import { NO_DOCUMENTS, type DocumentRecorder } from './order-documents.js';
import type { SalesRecorder } from './order-sales.js';
import { unmatchedPaymentQueries } from './unmatched-payments.repo.js';

export type OrderRow = OrdersTable;
export type { OrderSort } from './order-lookups.repo.js';
export type { UnmatchedPaymentRow } from './unmatched-payments.repo.js';

/**
 * Every query of the orders feature, plus `transaction()` to run several as one. `sales` hears
 * of every change of an order's sales facts and `documents` of every status change, inside the
 * transaction that makes it.
 */
export function createOrdersRepo(
  db: Db,
  dialect: Dialect,
  sales: SalesRecorder,
  documents: DocumentRecorder = NO_DOCUMENTS,
) {
  const queriesOf = (within: Db) => orderQueries(within, dialect, sales, documents);
  return {
    ...queriesOf(db),
    /**
     * Runs `work` in one transaction: `tx` holds the same queries bound to it, and `trx` is the
     * transaction itself, for another feature's service to join (the email an order sends).
     */
    transaction<T>(work: (tx: OrderQueries, trx: Db) => Promise<T>): Promise<T> {
      return db.transaction().execute((trx) => work(queriesOf(trx), trx));
    },
    /** The same queries inside another feature's transaction. */
    within: (trx: Db): OrderQueries => queriesOf(trx),
  };
}

/** The queries of the orders feature, written once for both databases; `db` may be a transaction. */
function orderQueries(db: Db, dialect: Dialect, sales: SalesRecorder, documents: DocumentRecorder) {
  return {
    ...orderLifecycleQueries(db, dialect, sales, documents),
    ...orderLookupQueries(db, dialect),
    ...unmatchedPaymentQueries(db),
    ...receiptRequestQueries(db, dialect),
    ...freeClaimQueries(db, dialect),
    ...orderFileDownloadQueries(db),
    ...productBuyerQueries(db),
  };
}

export type OrderQueries = ReturnType<typeof orderQueries>;
export type OrdersRepo = ReturnType<typeof createOrdersRepo>;
