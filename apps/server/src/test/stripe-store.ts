import type { AdminOrder, MyPurchase, SalesResponse, TaxBehavior } from '@bindery/shared';
import type { Config } from '../config.js';
import { buildTestApp, signInAsAdmin, type TestApp } from './build-test-app.js';
import { createTestClock, type TestClock } from './clock.js';
import {
  postStripeEvent,
  startFakeStripe,
  stripeEvent,
  stripeTestPayments,
  type CompleteOptions,
  type FakeStripe,
  type FakeStripeOptions,
} from './fake-stripe.js';
import { startCheckout } from './purchase.js';

/** A store selling through the Stripe-shaped test server, on one clock with it. */
export interface StripeStore {
  shop: TestApp;
  fake: FakeStripe;
  clock: TestClock;
  admin: string;
  /** Buy Now through the API: the session Stripe opened and the pending order. */
  buyNow(cookie: string, productId: string): Promise<{ sessionId: string; orderId: string }>;
  /** The session paid at Stripe and its signed `checkout.session.completed` delivered (200). */
  payByWebhook(sessionId: string, options?: CompleteOptions): Promise<void>;
  /** A buyer's own purchase as My Orders answers it. */
  myPurchase(cookie: string, orderId: string): Promise<MyPurchase>;
  /** An order as the admin's Orders list answers it (`review=true`: the flagged ones). */
  adminOrder(orderId: string, review?: boolean): Promise<AdminOrder | undefined>;
  /** The sales overview of the clock's day (UTC, as the test app counts days). */
  salesToday(): Promise<SalesResponse>;
  close(): Promise<void>;
}

export interface StripeStoreOptions {
  currency?: string;
  locale?: string;
  /** STRIPE_TAX=true with this TAX_BEHAVIOR; undefined for a store without tax. */
  taxBehavior?: TaxBehavior;
  fake?: FakeStripeOptions;
}

export async function openStripeStore(options: StripeStoreOptions = {}): Promise<StripeStore> {
  const clock = createTestClock();
  const fake = await startFakeStripe({ ...options.fake, clock: clock.now });
  const payments: Config['payments'] = {
    ...stripeTestPayments(fake),
    tax: options.taxBehavior ? { behavior: options.taxBehavior, testRate: null } : null,
  };
  const shop = await buildTestApp(
    { currency: options.currency ?? 'EUR', locale: options.locale ?? 'de-DE', payments },
    { clock: clock.now },
  );
  const admin = (await signInAsAdmin(shop.app)).cookie;
  const get = async <T>(url: string, cookie: string): Promise<T> => {
    const response = await shop.app.inject({ method: 'GET', url, headers: { cookie } });
    if (response.statusCode !== 200) throw new Error(`${url}: ${response.body}`);
    return response.json<T>();
  };
  return {
    shop,
    fake,
    clock,
    admin,
    async buyNow(cookie, productId) {
      const { sessionId, orderId } = await startCheckout(
        shop.app,
        shop.database.db,
        cookie,
        productId,
      );
      return { sessionId, orderId };
    },
    async payByWebhook(sessionId, completion) {
      const event = stripeEvent(
        'checkout.session.completed',
        fake.completeSession(sessionId, completion),
      );
      const response = await postStripeEvent(shop.app, event);
      if (response.statusCode !== 200) throw new Error(`webhook: ${response.body}`);
    },
    async myPurchase(cookie, orderId) {
      const mine = await get<{ purchases: MyPurchase[] }>(
        '/api/orders/myorders?include=canceled',
        cookie,
      );
      const found = mine.purchases.find((purchase) => purchase._id === orderId);
      if (!found) throw new Error(`order ${orderId} is not in My Orders`);
      return found;
    },
    async adminOrder(orderId, review = false) {
      const all = await get<{ orders: AdminOrder[] }>(
        `/api/orders?limit=20${review ? '&review=true' : ''}`,
        admin,
      );
      return all.orders.find((order) => order._id === orderId);
    },
    async salesToday() {
      const day = new Date(clock.now()).toISOString().slice(0, 10);
      return get<SalesResponse>(`/api/admin/sales?from=${day}&to=${day}`, admin);
    },
    async close() {
      await shop.close();
      await fake.close();
    },
  };
}
