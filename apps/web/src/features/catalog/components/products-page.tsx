import { CATALOG_PAGE_SIZE } from '@bindery/shared';
import { useSearchParams } from 'react-router';
import { PaginationNav } from '../../../components/pagination-nav';
import { useProducts } from '../api/get-products';
import { catalogSearchParams, readCataloguePlace } from '../catalogue-address';
import { CatalogueResults } from './catalogue-results';
import { ProductSearch } from './product-search';
import './catalog.css';

/** A page of the catalogue (of a search) as a link's address. */
function catalogueHref(page: number, search: string): string {
  const query = catalogSearchParams(page, search).toString();
  return query ? `/products?${query}` : '/products';
}

function resultSummary(page: number, total: number, search: string, capped = false): string {
  if (total === 0) return '';
  const first = (page - 1) * CATALOG_PAGE_SIZE + 1;
  const last = Math.min(page * CATALOG_PAGE_SIZE, total);
  if (first > total) return '';
  // A very common search counts its best matches only: "of 1,000+".
  const count = capped ? `${total.toLocaleString('en-US')}+` : `${total}`;
  const noun = search ? (total === 1 ? 'result' : 'results') : total === 1 ? 'product' : 'products';
  const range = first === 1 && last === total && !capped ? count : `${first}–${last} of ${count}`;
  return `Showing ${range} ${noun}${search ? ` for “${search}”` : ''}`;
}

export function ProductsPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const { page, search } = readCataloguePlace(searchParams);
  const { data, isPending, isError, isPlaceholderData, refetch } = useProducts({ page, search });

  // Page and search live in the URL, so back, forward and shared links work; the pages are links.
  const runSearch = (text: string) => setSearchParams(catalogSearchParams(1, text));

  return (
    <div className="container container--xl products-page">
      <div className="products-page__header">
        <div>
          <h1 className="t-h4 t-bold">Products</h1>
          <p className="products-page__intro t-body1 t-secondary">
            Guides, e-books and bundles, ready to download right after payment.
          </p>
        </div>
        <ProductSearch value={search} onSearch={runSearch} />
      </div>

      <p role="status" className="products-page__summary t-body2 t-secondary">
        {isPlaceholderData
          ? 'Loading products...'
          : data && !isError
            ? resultSummary(data.page, data.total, search, data.totalCapped)
            : ''}
      </p>

      <CatalogueResults
        data={data}
        isPending={isPending}
        isError={isError}
        isPlaceholderData={isPlaceholderData}
        onRetry={() => void refetch()}
        onClearSearch={search ? () => runSearch('') : undefined}
        pastEnd={
          data && data.total > 0 && page > data.pages
            ? { page, pages: data.pages, search, lastPageHref: catalogueHref(data.pages, search) }
            : undefined
        }
      />

      {data && !isError && (
        <div className="products-page__pagination">
          <PaginationNav
            page={page}
            pages={data.pages}
            hrefFor={(next) => catalogueHref(next, search)}
          />
        </div>
      )}
    </div>
  );
}
