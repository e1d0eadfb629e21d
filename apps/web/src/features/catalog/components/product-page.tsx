import { CatalogMessages, type DigitalFormat, type Product } from '@bindery/shared';
import { useCallback, useState, type RefCallback } from 'react';
import { Link, useHref, useParams } from 'react-router';
import { RichText } from '../../../components/rich-text';
import { ShareButton } from '../../../components/share-button';
import { StatusMessage } from '../../../components/status-message';
import { LinkButton } from '../../../ui/button';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { Icon, type IconName } from '../../../ui/icon';
import { useProduct } from '../api/get-product';
import { describeDigitalFile } from '../digital-file';
import { BuyNowButton, type PurchaseChoice } from './buy-now-button';
import { ProductAssurances } from './product-assurances';
import { ProductFilesList } from './product-files-list';
import { ProductGallery } from './product-gallery';
import { ProductPageSkeleton } from './product-page-skeleton';
import { AmountField } from './amount-field';
import { DiscountCodeField } from './discount-code-field';
import { payablePriceText, ProductPrice } from './product-price';
import { useChosenAmount } from './use-chosen-amount';
import { useDiscountCode } from './use-discount-code';
import './product-page.css';

const FORMAT_ICONS: Record<DigitalFormat, IconName> = {
  pdf: 'pictureAsPdfOutlined',
  epub: 'menuBookOutlined',
  zip: 'folderZipOutlined',
};

export function ProductPage() {
  const { id } = useParams();
  const { data: product, isPending, isError } = useProduct(id);

  if (!id) return <ProductNotFound />;
  if (isPending) return <ProductPageSkeleton />;
  // Missing (404, or null from the server's 404 page) or the call failed: the specification
  // shows the same page for both.
  if (isError || product === null) return <ProductNotFound />;
  // Keyed so another product starts again at its first image.
  return <ProductDetails key={product._id} product={product} />;
}

export function ProductNotFound() {
  useDocumentTitle(CatalogMessages.notFoundTitle);
  return (
    <div className="container container--md">
      <StatusMessage
        headingLevel="h1"
        icon={<Icon name="searchOff" />}
        title={CatalogMessages.notFoundTitle}
        text={CatalogMessages.notFoundText}
        action={
          <LinkButton to="/products" variant="contained">
            Back to Home
          </LinkButton>
        }
      />
    </div>
  );
}

function ProductBreadcrumbs({ title }: { title: string }) {
  return (
    <nav aria-label="Breadcrumb" className="breadcrumbs t-body1 t-secondary">
      <ol>
        <li>
          <Link to="/products" className="breadcrumbs__link">
            Products
          </Link>
        </li>
        <li aria-hidden className="breadcrumbs__separator">
          <Icon name="navigateNext" size="small" />
        </li>
        <li className="breadcrumbs__current">
          <p aria-current="page" className="t-body1 t-nowrap">
            {title}
          </p>
        </li>
      </ol>
    </nav>
  );
}

/** In Stock, and the file's format and size. */
function ProductChips({ product }: { product: Product }) {
  return (
    <div className="product-info__chips">
      <span className="chip chip--success t-semibold">
        <Icon name="checkCircle" className="chip__icon" />
        In Stock
      </span>
      <span className="chip">
        <Icon name={FORMAT_ICONS[product.digitalFile.format]} className="chip__icon" />
        {describeDigitalFile(product.digitalFile)}
      </span>
    </div>
  );
}

function ProductDetails({ product }: { product: Product }) {
  useDocumentTitle(product.title);
  const href = useHref(`/product/${product._id}`);
  // Used on a click only; the server renders the page without a window.
  const shareUrl =
    typeof window === 'undefined' ? href : new URL(href, window.location.origin).toString();
  const [buyButtonsRef, areBuyButtonsInView] = useIsInView<HTMLDivElement>();
  const discountCode = useDiscountCode(product._id);
  const { discount } = discountCode;
  const chosen = useChosenAmount(product, discount);
  // Only a code the server took goes with the checkout: a refused one leaves the full price.
  // A pay-what-you-want product sends the buyer's amount, once it is one the server takes.
  const purchase: PurchaseChoice = {
    discountCode: discount?.code,
    ...(product.payWhatYouWant ? { amount: chosen.amount, blockedBy: chosen.error } : {}),
  };

  return (
    <div className="container container--lg product-page">
      <ProductBreadcrumbs title={product.title} />

      <div className="product-layout">
        <ProductGallery title={product.title} images={product.image} />

        <div className="product-info">
          <ProductChips product={product} />

          <h1 className="product-info__title t-h4">{product.title}</h1>
          {product.subtitle && (
            <p className="product-info__subtitle t-h6 t-secondary">{product.subtitle}</p>
          )}

          <ProductPrice
            product={product}
            discount={discount}
            className="product-info__price t-h4"
          />

          {product.payWhatYouWant && <AmountField chosen={chosen} />}

          <div ref={buyButtonsRef} className="product-info__actions">
            <BuyNowButton
              productId={product._id}
              purchase={purchase}
              className="product-info__buy"
            />
            <ShareButton
              url={shareUrl}
              title={product.title}
              text={product.subtitle || undefined}
              size="large"
              className="product-info__share"
            />
          </div>
          <DiscountCodeField state={discountCode} productId={product._id} />

          <hr className="divider product-info__divider" />
          <ProductAssurances />

          <section aria-labelledby="product-description">
            <h2 id="product-description" className="product-info__heading t-h6">
              Description
            </h2>
            <ProductDescription product={product} />
          </section>
          <ProductFilesList files={product.files} />
        </div>
      </div>
      {/* Drawn on phones only (product-page.css), once Buy Now has scrolled out of sight. */}
      {!areBuyButtonsInView && (
        <PhoneBuyBar
          productId={product._id}
          purchase={purchase}
          price={payablePriceText(product, discount, purchase.amount)}
        />
      )}
    </div>
  );
}

/**
 * The description as the server rendered it. A product shown from a catalogue page while its
 * own answer loads has no rendered description yet: lines hold its place for that moment.
 */
function ProductDescription({ product }: { product: Product }) {
  if (product.descriptionHtml === undefined) {
    return (
      <div role="status" aria-busy className="product-info__description-loading">
        <span className="visually-hidden">Loading description...</span>
        {['', '', 'skeleton__w70'].map((width, index) => (
          <span key={index} aria-hidden className={`bone bone--text ${width}`} />
        ))}
      </div>
    );
  }
  return <RichText html={product.descriptionHtml} />;
}

/**
 * On phones, once Buy Now has scrolled out of sight, the price and Buy Now stay at the bottom of
 * the screen. Toasts on phones sit at the bottom too, raised above the bar (app/toaster.tsx).
 */
function PhoneBuyBar({
  productId,
  purchase,
  price,
}: {
  productId: string;
  purchase: PurchaseChoice;
  price: string;
}) {
  return (
    <div data-testid="phone-buy-bar" className="phone-buy-bar">
      <p className="phone-buy-bar__price t-h6">{price}</p>
      <BuyNowButton productId={productId} purchase={purchase} className="phone-buy-bar__buy" />
    </div>
  );
}

/** Whether the element is on screen; true where the browser cannot tell (no observer). */
function useIsInView<T extends Element>(): [RefCallback<T>, boolean] {
  const [isInView, setInView] = useState(true);
  const ref = useCallback((element: T | null) => {
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(([entry]) =>
      setInView(entry?.isIntersecting ?? true),
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, isInView];
}
