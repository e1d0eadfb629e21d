import type { Product, ProductList } from '@bindery/shared';
import { renderMarkdown } from '@bindery/shared/markdown';

/** A product as the public API returns it; tests override what they look at. */
export function makeProduct(overrides: Partial<Product> = {}): Product {
  const id = overrides._id ?? 'p1';
  const description = overrides.description ?? 'A practical handbook for binding your own books.';
  return {
    _id: id,
    title: 'The Bookbinding Handbook',
    subtitle: 'Sewn, glued and cased bindings at home',
    description,
    descriptionHtml: renderMarkdown(description),
    price: 19,
    currency: 'USD',
    payWhatYouWant: false,
    minimumPrice: null,
    image: [`/media/images/${id}-a/original.png`],
    digitalFile: { format: 'pdf', size: 1_258_291 },
    createdAt: '2026-01-02T10:00:00.000Z',
    updatedAt: '2026-01-02T10:00:00.000Z',
    ...overrides,
  };
}

/** One page of the catalogue holding `count` products. */
export function makeProductList({
  page = 1,
  pages = 1,
  count = 2,
  total,
}: Partial<ProductList> & { count?: number } = {}): ProductList {
  const products = Array.from({ length: count }, (_, index) => {
    const n = (page - 1) * 10 + index + 1;
    // A list carries no rendered description; only a product's own answer does.
    const { descriptionHtml: _html, ...listed } = makeProduct({
      _id: `p${n}`,
      title: `Product ${n}`,
      price: 10 + n / 2,
    });
    return listed;
  });
  return { products, page, pages, total: total ?? count };
}
