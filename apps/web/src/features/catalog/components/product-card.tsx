import { imageVariantUrl, IMAGE_VARIANTS, type Product } from '@bindery/shared';
import { useId } from 'react';
import { Link } from 'react-router';
import { Icon } from '../../../ui/icon';
import { coverHeight } from '../cover';
import { formatLabel } from '../digital-file';
import { formatProductPrice } from '../../../lib/money';

// The width and height attributes reserve the image's space before it arrives.
const CARD_WIDTH = IMAGE_VARIANTS.card;
const CARD_HEIGHT = coverHeight(CARD_WIDTH);

/** A catalogue card, the whole of it one link; on phones the cover sits beside the text. */
export function ProductCard({ product }: { product: Product }) {
  const titleId = useId();
  const detailsId = useId();
  const cover = product.image[0];

  return (
    <div className="product-card paper">
      <Link
        to={`/product/${product._id}`}
        aria-labelledby={titleId}
        aria-describedby={detailsId}
        className="product-card__link"
      >
        {/* A fixed shape: every cover in a row is as tall, whatever the title's length. */}
        <div className="product-card__cover cover-box">
          {cover ? (
            <img
              src={imageVariantUrl(cover, 'card')}
              alt={product.title}
              width={CARD_WIDTH}
              height={CARD_HEIGHT}
              loading="lazy"
              decoding="async"
            />
          ) : (
            <div className="product-card__no-cover">
              <Icon name="imageNotSupportedOutlined" size="large" />
            </div>
          )}
        </div>
        <div className="product-card__body">
          <h2 id={titleId} className="product-card__title t-subtitle1 clamp-2">
            {product.title}
          </h2>
          <div id={detailsId} className="product-card__details">
            {product.subtitle && <p className="t-body2 t-secondary clamp-2">{product.subtitle}</p>}
            <div className="product-card__footer">
              <p className="product-card__price t-h6">
                {formatProductPrice(product.price, product.currency)}
              </p>
              <span className="chip product-card__format">
                {formatLabel(product.digitalFile.format)}
              </span>
            </div>
          </div>
        </div>
      </Link>
    </div>
  );
}
