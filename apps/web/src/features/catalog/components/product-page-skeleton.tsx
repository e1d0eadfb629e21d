// With the first view's styles (the router loads the skeleton up front): the server's page
// draws the product, its description included, before the page's own script arrives.
import '../../../components/rich-text.css';
import './product-page.css';

function Bone({ className }: { className: string }) {
  return <span className={`bone ${className}`} />;
}

/** The product page's shape while it loads, so nothing jumps when it arrives. */
export function ProductPageSkeleton() {
  return (
    <div className="container container--lg product-page-skeleton" role="status" aria-busy>
      <span className="visually-hidden">Loading product...</span>
      <Bone className="bone--text skeleton__breadcrumb" />
      <div className="product-layout" aria-hidden>
        <div>
          <Bone className="bone--rounded product-image-box" />
          <div className="skeleton__thumbs">
            {[0, 1, 2].map((index) => (
              <Bone key={index} className="bone--rounded skeleton__thumb" />
            ))}
          </div>
        </div>
        <div>
          <div className="skeleton__row">
            <Bone className="bone--rounded bone--pill skeleton__chip" />
            <Bone className="bone--rounded bone--pill skeleton__chip skeleton__chip--wide" />
          </div>
          <Bone className="bone--text skeleton__title" />
          <Bone className="bone--text skeleton__title skeleton__title--second" />
          <Bone className="bone--text skeleton__subtitle" />
          <Bone className="bone--text skeleton__price" />
          <div className="skeleton__buttons">
            <Bone className="bone--rounded skeleton__button" />
            <Bone className="bone--rounded skeleton__button skeleton__button--share" />
          </div>
          <div className="assurances skeleton__assurances">
            {[0, 1, 2, 3].map((index) => (
              <div key={index} className="assurances__item skeleton__assurance">
                <Bone className="bone--circle" />
                <div className="skeleton__assurance-text">
                  <Bone className="bone--text skeleton__w60" />
                  <Bone className="bone--text skeleton__w90" />
                </div>
              </div>
            ))}
          </div>
          <Bone className="bone--text skeleton__heading" />
          {[0, 1, 2].map((index) => (
            <Bone key={index} className={`bone--text ${index === 2 ? 'skeleton__w70' : ''}`} />
          ))}
        </div>
      </div>
    </div>
  );
}
