import { PricingMessages, type DiscountLookup, type Product } from '@bindery/shared';
import { formatProductPrice } from '../../../lib/money';

/** A price as the page writes it: "$12+" where buyers pay what they want (a suggestion). */
function priceText(product: Product, price: number): string {
  const text = formatProductPrice(price, product.currency);
  return product.payWhatYouWant ? PricingMessages.suggested(text) : text;
}

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
  const full = priceText(product, product.price);
  if (!discount) return <p className={className}>{full}</p>;
  return (
    <p className={className}>
      <del className="product-price__full">
        <span className="visually-hidden">Full price </span>
        {full}
      </del>
      <ins className="product-price__now">
        <span className="visually-hidden">With the code </span>
        {priceText(product, discount.price)}
      </ins>
    </p>
  );
}

/** The price the phone's buy bar repeats: what the buyer would pay as things stand. */
export function payablePriceText(
  product: Product,
  discount: DiscountLookup | undefined,
  chosenAmount: number | undefined,
): string {
  if (product.payWhatYouWant && chosenAmount !== undefined) {
    return formatProductPrice(chosenAmount, product.currency);
  }
  return priceText(product, discount ? discount.price : product.price);
}
