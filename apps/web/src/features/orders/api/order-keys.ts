/** Query keys of the order screens; invalidate `orderKeys.all` after an order changes. */
export const orderKeys = {
  all: ['orders'] as const,
  mine: () => [...orderKeys.all, 'mine'] as const,
  myList: (params: { page: number; limit: number; includeCanceled?: boolean }) =>
    [...orderKeys.mine(), params] as const,
  /** Whether the signed-in buyer owns a product. */
  ownership: (productId: string) => [...orderKeys.mine(), 'ownership', productId] as const,
};
