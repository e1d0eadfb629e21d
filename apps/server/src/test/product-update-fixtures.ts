import { randomBytes } from 'node:crypto';
import type { OrderStatus, Product } from '@bindery/shared';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Db } from '../db/client.js';
import { uploadTestFile } from './factories.js';
import { samplePdf } from './upload-samples.js';
import { orderRow } from './order-rows.js';

/**
 * Saves the product as the form does, with a new file when `fileName` is given: new content
 * (the same bytes uploaded again are no update).
 */
export async function saveProduct(
  app: FastifyInstance,
  adminCookie: string,
  product: Product,
  extra: { fileName?: string; title?: string; notifyBuyers?: unknown } = {},
): Promise<LightMyRequestResponse> {
  const file = extra.fileName
    ? await uploadTestFile(app, adminCookie, {
        fileName: extra.fileName,
        data: samplePdf({ text: `Edition ${randomBytes(4).toString('hex')}` }),
      })
    : undefined;
  return app.inject({
    method: 'PUT',
    url: `/api/products/${product._id}`,
    headers: { cookie: adminCookie },
    payload: {
      title: extra.title ?? product.title,
      subtitle: product.subtitle,
      description: product.description,
      price: product.price,
      ...(file && { digitalFile: { public_id: file.public_id, secure_url: file.secure_url } }),
      ...(extra.notifyBuyers !== undefined && { notifyBuyers: extra.notifyBuyers }),
    },
  });
}

/**
 * Buyers written straight into the database, many at once: an account each and one order per
 * status given (`paid` twice gives two paid orders), paid an hour ago.
 */
export async function insertBuyers(
  db: Db,
  productId: string,
  count: number,
  statuses: OrderStatus[] = ['paid'],
): Promise<Array<{ id: string; email: string }>> {
  const paidAt = Date.now() - 60 * 60 * 1000;
  const buyers = Array.from({ length: count }, () => {
    const id = randomBytes(12).toString('base64url');
    return { id, email: `buyer-${id.toLowerCase()}@example.com` };
  });
  for (let start = 0; start < buyers.length; start += 100) {
    const slice = buyers.slice(start, start + 100);
    await db
      .insertInto('users')
      .values(
        slice.map(({ id, email }) => ({
          id,
          email,
          name: 'Bulk Buyer',
          passwordHash: 'not-a-hash',
          role: 'user' as const,
          createdAt: paidAt,
        })),
      )
      .execute();
    await db
      .insertInto('orders')
      .values(
        slice.flatMap(({ id }) =>
          statuses.map((status) =>
            orderRow({
              id: randomBytes(12).toString('base64url'),
              userId: id,
              productId,
              amountCents: 1999,
              status,
              createdAt: paidAt,
              paidAt: status === 'pending' || status === 'canceled' ? null : paidAt,
            }),
          ),
        ),
      )
      .execute();
  }
  return buyers;
}
