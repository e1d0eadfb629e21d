import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Db } from '../db/client.js';

export const PAYING_CARD = {
  cardNumber: '4242 4242 4242 4242',
  expiry: '12/49',
  cvc: '123',
  name: 'Test Buyer',
};

/** An application/x-www-form-urlencoded body, as the test checkout page's form posts it. */
export function formBody(fields: Record<string, string>) {
  return {
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  };
}

/** Starts a checkout through the API; returns the hosted page's URL, its session and the order. */
export async function startCheckout(
  app: FastifyInstance,
  db: Db,
  cookie: string,
  productId: string,
  extra: Record<string, unknown> = {},
): Promise<{ url: string; sessionId: string; orderId: string }> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/session/checkout',
    headers: { cookie },
    payload: { productId, ...extra },
  });
  if (response.statusCode !== 200) throw new Error(`checkout failed: ${response.body}`);
  const { url } = response.json<{ url: string }>();
  const sessionId = url.split('/').pop()!;
  const order = await db
    .selectFrom('orders')
    .select('id')
    .where('providerSessionId', '=', sessionId)
    .executeTakeFirstOrThrow();
  return { url, sessionId, orderId: order.id };
}

/** Submits the test checkout's card form (and its billing details, when it charges tax). */
export function payTestCheckout(
  app: FastifyInstance,
  sessionId: string,
  card: Partial<typeof PAYING_CARD> & { country?: string; taxId?: string } = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: `/checkout/test/${sessionId}/pay`,
    ...formBody({ ...PAYING_CARD, ...card }),
  });
}

export function generateDownloadLink(
  app: FastifyInstance,
  cookie: string,
  sessionId: string,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: '/api/session/generate-download-link',
    headers: { cookie },
    payload: { sessionId },
  });
}

/** The whole purchase through HTTP: checkout, pay on the test page, link from the success page. */
export async function buyProduct(
  app: FastifyInstance,
  db: Db,
  cookie: string,
  productId: string,
): Promise<{ sessionId: string; orderId: string; downloadUrl: string }> {
  const { sessionId, orderId } = await startCheckout(app, db, cookie, productId);
  const paid = await payTestCheckout(app, sessionId);
  if (paid.statusCode !== 303) throw new Error(`payment failed: ${paid.statusCode} ${paid.body}`);
  const link = await generateDownloadLink(app, cookie, sessionId);
  if (link.statusCode !== 200) throw new Error(`download link failed: ${link.body}`);
  return { sessionId, orderId, downloadUrl: link.json<{ downloadUrl: string }>().downloadUrl };
}

/** How an order moved, oldest first. */
export async function transitionsOf(db: Db, orderId: string) {
  const rows = await db
    .selectFrom('orderTransitions')
    .select(['fromStatus', 'toStatus'])
    .where('orderId', '=', orderId)
    .orderBy('id')
    .execute();
  return rows.map((row) => `${row.fromStatus}→${row.toStatus}`);
}

export async function orderRow(db: Db, orderId: string) {
  return db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
}
