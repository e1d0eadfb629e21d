import type { AdminOrderList, AdminOrderRow } from '../api/list-orders';

let counter = 0;

/** An order as the admin list sends it, with its buyer; tests override what they look at. */
export function makeAdminOrder(overrides: Partial<AdminOrderRow> = {}): AdminOrderRow {
  counter += 1;
  const id = `order${String(counter).padStart(9, '0')}`;
  return {
    _id: id,
    user: {
      _id: `user${counter}`,
      name: `Reader ${counter}`,
      email: `reader${counter}@example.com`,
    },
    product: {
      _id: `product${counter}`,
      title: `Field Guide ${counter}`,
      image: [`/media/images/img${counter}/original.png`],
    },
    amountCents: 1250,
    status: 'paid',
    createdAt: '2026-01-02T12:00:00.000Z',
    paidAt: '2026-01-02T12:01:00.000Z',
    ...overrides,
  };
}

/** All orders as the fake server holds them, answering the list the way the API does. */
export function adminOrdersServer(initial: AdminOrderRow[]) {
  const state = { orders: [...initial], listCalls: [] as string[] };
  const list = (request: Request) => {
    const params = new URL(request.url).searchParams;
    state.listCalls.push(new URL(request.url).search);
    const page = Number(params.get('page') ?? 1);
    const limit = Number(params.get('limit') ?? 10);
    const body: AdminOrderList = {
      orders: state.orders.slice((page - 1) * limit, page * limit),
      total: state.orders.length,
      page,
      pages: Math.max(1, Math.ceil(state.orders.length / limit)),
    };
    return new Response(JSON.stringify(body), {
      status: 200,
      headers: { 'Content-Type': 'application/json' },
    });
  };
  return Object.assign(state, { list });
}
