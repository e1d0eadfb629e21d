import { escapeHtml, renderStorePage } from '../../store-page.js';

export const BuyLinkTexts = {
  heading: 'Your checkout could not start',
  backToProduct: 'Back to the product',
  catalogue: 'Browse the catalogue',
  notAhead: 'A checkout starts only when Buy Now is clicked.',
} as const;

/**
 * What the tab shows when Buy Now without the app's script cannot open a checkout (the product
 * was taken off sale, the payment service is down): the same message the app would toast.
 */
export function renderBuyLinkError(options: {
  storeName: string;
  message: string;
  productPath: string;
}) {
  const body = `<div class="card">
<h1>${escapeHtml(BuyLinkTexts.heading)}</h1>
<p>${escapeHtml(options.message)}</p>
<p class="actions">
<a class="button primary" href="${escapeHtml(options.productPath)}">${escapeHtml(BuyLinkTexts.backToProduct)}</a>
<a class="button secondary" href="/store/products">${escapeHtml(BuyLinkTexts.catalogue)}</a>
</p>
</div>`;
  return renderStorePage({ storeName: options.storeName, title: BuyLinkTexts.heading, body });
}
