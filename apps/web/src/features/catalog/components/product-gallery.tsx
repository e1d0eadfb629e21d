import { IMAGE_VARIANTS, imageVariantUrl } from '@bindery/shared';
import { useState } from 'react';
import { cx } from '../../../ui/cx';
import { Icon } from '../../../ui/icon';
import { coverHeight } from '../cover';

export interface ProductGalleryProps {
  title: string;
  images: string[];
}

/** The selected image large, and a thumbnail per image to pick another; the first at start. */
export function ProductGallery({ title, images }: ProductGalleryProps) {
  const [selected, setSelected] = useState(0);
  const current = images[selected] ?? images[0];

  return (
    <section aria-label="Product images" className="gallery">
      <div className="gallery__frame product-image-box">
        {current ? (
          <img
            src={imageVariantUrl(current, 'large')}
            alt={title}
            width={IMAGE_VARIANTS.large}
            height={coverHeight(IMAGE_VARIANTS.large)}
            // The main image is what the page is about: fetch it first.
            fetchPriority="high"
            className="gallery__image"
          />
        ) : (
          <div className="gallery__no-image">
            <Icon name="imageNotSupportedOutlined" />
          </div>
        )}
        {images.length > 1 && (
          // Which image of how many; the thumbnails say the same to screen readers.
          <div aria-hidden className="gallery__counter t-caption">
            {selected + 1} / {images.length}
          </div>
        )}
      </div>

      {images.length > 1 && (
        <ul className="gallery__thumbs">
          {images.map((image, index) => {
            const isSelected = index === selected;
            return (
              <li key={`${image}-${index}`}>
                <button
                  type="button"
                  aria-label={`Show image ${index + 1} of ${images.length}`}
                  aria-pressed={isSelected}
                  onClick={() => setSelected(index)}
                  className={cx('gallery__thumb', isSelected && 'gallery__thumb--selected')}
                >
                  <img
                    src={imageVariantUrl(image, 'thumb')}
                    alt=""
                    width={IMAGE_VARIANTS.thumb}
                    height={coverHeight(IMAGE_VARIANTS.thumb)}
                    loading="lazy"
                  />
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
