import type { AuthService } from '../auth/index.js';
import type { CatalogService } from '../catalog/index.js';
import type { OrderMatch } from './order-list.repo.js';

/** Who answers the parts of an order search that live in other features. */
export interface OrderSearchPorts {
  users: Pick<AuthService, 'findUserIdsByEmail'>;
  catalog: Pick<CatalogService, 'findProductIdsByTitle'>;
}

/** "1042" or "#1042": an order number (at most nine digits, an INTEGER column's range). */
const ORDER_NUMBER = /^#?\s*(\d{1,9})$/;

/**
 * What an admin's search finds: the buyers whose email and the products whose title contain
 * it (each asked of its own feature), and the order with that number.
 */
export async function matchOrders(ports: OrderSearchPorts, text: string): Promise<OrderMatch> {
  const number = ORDER_NUMBER.exec(text)?.[1];
  const [userIds, productIds] = await Promise.all([
    ports.users.findUserIdsByEmail(text),
    ports.catalog.findProductIdsByTitle(text),
  ]);
  return { userIds, productIds, orderNumber: number === undefined ? null : Number(number) };
}
