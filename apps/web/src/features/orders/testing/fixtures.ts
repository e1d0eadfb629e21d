import type { MyOrder, MyOrderList } from '../api/get-my-orders';

let counter = 0;

/** A purchase as the buyer's order list sends it; tests override what they look at. */
export function makePurchase(overrides: Partial<MyOrder> = {}): MyOrder {
  counter += 1;
  const id = `order${String(counter).padStart(9, '0')}`;
  return {
    _id: id,
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
    // Midday UTC: the same calendar day in every time zone the tests may run in.
    createdAt: '2026-01-02T12:00:00.000Z',
    paidAt: '2026-01-02T12:01:00.000Z',
    downloads: { used: 0, limit: null },
    dispute: null,
    checkoutUrl: null,
    licenseKey: null,
    productUpdatedAt: null,
    ...overrides,
  };
}

/** One page of `all`, the way the API pages it (1-based `page`, `limit` per page). */
export function myOrdersPageOf(all: MyOrder[], url: string): MyOrderList {
  const params = new URL(url).searchParams;
  const page = Number(params.get('page') ?? 1);
  const limit = Number(params.get('limit') ?? 10);
  return {
    purchases: all.slice((page - 1) * limit, page * limit),
    total: all.length,
    page,
    pages: Math.max(1, Math.ceil(all.length / limit)),
  };
}

/** The buyer's orders as the fake server holds them, answering the list the way the API does. */
export function myOrdersServer(initial: MyOrder[]) {
  const state = { purchases: [...initial], listCalls: [] as string[] };
  const list = (request: Request) => {
    state.listCalls.push(new URL(request.url).search);
    return new Response(JSON.stringify(myOrdersPageOf(state.purchases, request.url)), {
      status: 200,
      headers: { 'Content-Type': 'application/json' },
    });
  };
  return Object.assign(state, { list });
}
