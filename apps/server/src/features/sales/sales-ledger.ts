import type { SalesRecorder } from '../orders/index.js';
import type { SalesRepo } from './sales.repo.js';

/**
 * The running totals' side of every order change: given to the orders feature at wiring as its
 * `SalesRecorder`, and written in the transaction that changes the order.
 */
export function createSalesLedger(repo: Pick<SalesRepo, 'within'>): SalesRecorder {
  return {
    recordSalesChange: (before, after, within) =>
      repo.within(within).recordSalesChange(before, after),
  };
}
