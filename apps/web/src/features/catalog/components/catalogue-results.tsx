import { CatalogMessages, type ProductList } from '@bindery/shared';
import { StatusMessage } from '../../../components/status-message';
import { Button, LinkButton } from '../../../ui/button';
import { cx } from '../../../ui/cx';
import { Icon } from '../../../ui/icon';
import { Spinner } from '../../../ui/spinner';
import { ProductCard } from './product-card';

export interface PastEnd {
  page: number;
  pages: number;
  search: string;
  lastPageHref: string;
}

/** A page past the last one (an old or edited link): which pages there are, and the last one. */
function NoSuchPage({ page, pages, search, lastPageHref }: PastEnd) {
  return (
    <StatusMessage
      icon={<Icon name="searchOff" />}
      title={CatalogMessages.noSuchPage(page)}
      text={
        search
          ? CatalogMessages.pagesOfSearch(search, pages)
          : CatalogMessages.pagesOfCatalogue(pages)
      }
      action={
        <LinkButton to={lastPageHref} variant="outlined">
          {CatalogMessages.goToPage(pages)}
        </LinkButton>
      }
    />
  );
}

/** The catalogue's grid of products, or why there is none: loading, failed, or nothing found. */
export function CatalogueResults({
  data,
  isPending,
  isError,
  isPlaceholderData,
  onRetry,
  onClearSearch,
  pastEnd,
}: {
  data: ProductList | undefined;
  isPending: boolean;
  isError: boolean;
  isPlaceholderData: boolean;
  onRetry: () => void;
  /** Offered when nothing matched a search. */
  onClearSearch: (() => void) | undefined;
  /** The page asked for is past the last one: which it was, and the last page's address. */
  pastEnd?: PastEnd;
}) {
  if (isPending) {
    return (
      <div role="status" className="loading-block">
        <Spinner />
        <p className="t-body1 t-secondary">Loading products...</p>
      </div>
    );
  }
  if (isError || !data) {
    return (
      <div role="alert">
        <StatusMessage
          icon={<Icon name="cloudOffOutlined" />}
          title={CatalogMessages.loadErrorTitle}
          text={CatalogMessages.loadErrorText}
          action={
            <Button variant="outlined" onClick={onRetry}>
              Try again
            </Button>
          }
        />
      </div>
    );
  }
  if (data.products.length === 0 && pastEnd) return <NoSuchPage {...pastEnd} />;
  if (data.products.length === 0) {
    return (
      <StatusMessage
        icon={<Icon name="searchOff" />}
        title={CatalogMessages.emptyTitle}
        text={CatalogMessages.emptyText}
        action={
          onClearSearch ? (
            <Button variant="outlined" onClick={onClearSearch}>
              Clear search
            </Button>
          ) : undefined
        }
      />
    );
  }
  return (
    <ul
      aria-label="Products"
      aria-busy={isPlaceholderData}
      className={cx('product-grid', isPlaceholderData && 'product-grid--stale')}
    >
      {data.products.map((product) => (
        <li key={product._id}>
          <ProductCard product={product} />
        </li>
      ))}
    </ul>
  );
}
