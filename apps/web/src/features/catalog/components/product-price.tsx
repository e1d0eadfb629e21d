import type { DiscountLookup, Product } from '@bindery/shared';
import { formatProductPrice } from '../../../lib/money';

/** The product's price as the page writes it: with a code, the full price struck through. */
export function ProductPrice({
  product,
  discount,
  className,
}: {
  product: Product;
  discount: DiscountLookup | undefined;
  className: string;
}) {
  const full = formatProductPrice(product.price, product.currency);
  if (!discount) return <p className={className}>{full}</p>;
  return (
    <p className={className}>
      <del className="product-price__full">
        <span className="visually-hidden">Full price </span>
        {full}
      </del>
      <ins className="product-price__now">
        <span className="visually-hidden">With the code </span>
        {formatProductPrice(discount.price, discount.currency)}
      </ins>
    </p>
  );
}

/** The price the phone's buy bar repeats: the one the buyer would pay. */
export function payablePriceText(product: Product, discount: DiscountLookup | undefined): string {
  return discount
    ? formatProductPrice(discount.price, discount.currency)
    : formatProductPrice(product.price, product.currency);
}
