/** Query keys of the order screens; invalidate `orderKeys.all` after an order changes. */
export const orderKeys = {
  all: ['orders'] as const,
  mine: () => [...orderKeys.all, 'mine'] as const,
  myList: (params: { page: number; limit: number }) => [...orderKeys.mine(), params] as const,
};
