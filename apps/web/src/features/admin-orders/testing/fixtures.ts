import type { UnmatchedPayment, UnmatchedPaymentsResponse } from '@bindery/shared';
import type { AdminOrderList, AdminOrderRow } from '../api/list-orders';

let counter = 0;

/** An order as the admin list sends it, with its buyer; tests override what they look at. */
export function makeAdminOrder(overrides: Partial<AdminOrderRow> = {}): AdminOrderRow {
  counter += 1;
  const id = `order${String(counter).padStart(9, '0')}`;
  return {
    _id: id,
    orderNumber: 1000 + counter,
    user: {
      _id: `user${counter}`,
      name: `Reader ${counter}`,
      email: `reader${counter}@example.com`,
    },
    product: {
      _id: `product${counter}`,
      title: `Field Guide ${counter}`,
      image: [`/media/images/img${counter}/original.png`],
      onSale: true,
    },
    amountCents: 1250,
    subtotalCents: 1250,
    taxCents: 0,
    currency: 'USD',
    buyerCountry: null,
    buyerTaxId: null,
    status: 'paid',
    createdAt: '2026-01-02T12:00:00.000Z',
    paidAt: '2026-01-02T12:01:00.000Z',
    downloads: { used: 0, limit: null },
    dispute: null,
    reviewReason: null,
    discountCode: null,
    discountCents: 0,
    licenseKey: null,
    licenseKeyUses: null,
    licenseKeyMaxUses: null,
    licenseKeyDisabled: false,
    // As the server decides for an order nobody flagged: only a paid one holds money to return.
    canRefund: (overrides.status ?? 'paid') === 'paid',
    ...overrides,
  };
}

/** A payment the provider reported for an order the store no longer has. */
export function makeUnmatchedPayment(overrides: Partial<UnmatchedPayment> = {}): UnmatchedPayment {
  counter += 1;
  return {
    _id: `unmatched${counter}`,
    provider: 'stripe',
    orderId: `gone${counter}`,
    paymentIntentId: `pi_test_${counter}`,
    amountCents: 1250,
    currency: 'usd',
    reason: 'the order was deleted',
    createdAt: '2026-01-03T12:00:00.000Z',
    ...overrides,
  };
}

/** `GET /api/orders/unmatched-payments` answering these payments (none by default). */
export function unmatchedPaymentsRoute(payments: UnmatchedPayment[] = []) {
  const body: UnmatchedPaymentsResponse = { payments };
  return () =>
    new Response(JSON.stringify(body), {
      status: 200,
      headers: { 'Content-Type': 'application/json' },
    });
}

const needsReview = (order: AdminOrderRow) =>
  order.reviewReason !== null || order.dispute === 'open';

/**
 * All orders as the fake server holds them, answering the list the way the API does
 * (`review=true`: only the flagged or disputed ones). `routes` also answers no unmatched payments.
 */
export function adminOrdersServer(initial: AdminOrderRow[]) {
  const state = { orders: [...initial], listCalls: [] as string[] };
  const list = (request: Request) => {
    const params = new URL(request.url).searchParams;
    state.listCalls.push(new URL(request.url).search);
    const page = Number(params.get('page') ?? 1);
    const limit = Number(params.get('limit') ?? 10);
    const shown = params.get('review') === 'true' ? state.orders.filter(needsReview) : state.orders;
    const body: AdminOrderList = {
      orders: shown.slice((page - 1) * limit, page * limit),
      total: shown.length,
      page,
      pages: Math.max(1, Math.ceil(shown.length / limit)),
    };
    return new Response(JSON.stringify(body), {
      status: 200,
      headers: { 'Content-Type': 'application/json' },
    });
  };
  const routes = {
    'GET /api/orders': list,
    'GET /api/orders/unmatched-payments': unmatchedPaymentsRoute(),
    // No failed email: the page's reminder stays hidden.
    'GET /api/admin/mail': () =>
      new Response(
        JSON.stringify({ mails: [], total: 0, page: 1, pages: 0, failed: 0, delivery: 'smtp' }),
        { status: 200, headers: { 'Content-Type': 'application/json' } },
      ),
  };
  return Object.assign(state, { list, routes });
}
