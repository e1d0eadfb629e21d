import { useCallback } from 'react';
import { useSearchParams, type NavigateOptions } from 'react-router';

/** A table's place: the page (counted from 0, as the Data Grid counts) and its size. */
export interface PagePlace {
  page: number;
  pageSize: number;
}

/** A whole number from 1 up read from the address; anything else is `null`. */
function readPositiveInteger(value: string | null): number | null {
  if (value === null) return null;
  const number = Number(value);
  return Number.isSafeInteger(number) && number >= 1 ? number : null;
}

/** The page and page size an address names, as `usePageInAddress` reads them. */
export function readPagePlace(
  searchParams: URLSearchParams,
  pageSizeOptions: readonly number[],
  defaultPageSize: number,
): PagePlace {
  const size = readPositiveInteger(searchParams.get('size'));
  const pageSize = size !== null && pageSizeOptions.includes(size) ? size : defaultPageSize;
  const page = (readPositiveInteger(searchParams.get('page')) ?? 1) - 1;
  return { page, pageSize };
}

/**
 * Keeps a paged table's page and page size in the address (`?page=2&size=20`, the page counted
 * from 1 for people), so a reload shows the same rows and Back returns to the previous page
 * instead of leaving the screen. Page 1 and the default size are left out of the address. A page
 * size the table does not offer falls back to the default. Other parameters (filters, sort) are
 * kept as they are. `{ replace: true }` corrects the address without a new history entry (a page
 * past the last one, say).
 */
export function usePageInAddress(
  pageSizeOptions: readonly number[],
  defaultPageSize: number,
): [PagePlace, (next: PagePlace, options?: NavigateOptions) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const { page, pageSize } = readPagePlace(searchParams, pageSizeOptions, defaultPageSize);

  const setPlace = useCallback(
    (next: PagePlace, options?: NavigateOptions) => {
      // The same place again is no move: no second history entry for Back to step through.
      if (next.page === page && next.pageSize === pageSize) return;
      setSearchParams((current) => {
        const params = new URLSearchParams(current);
        const sizeChanged = next.pageSize !== pageSize;
        // A new page size starts again from the first page: the old page number means other rows.
        const nextPage = sizeChanged ? 0 : next.page;
        if (nextPage > 0) params.set('page', String(nextPage + 1));
        else params.delete('page');
        if (next.pageSize !== defaultPageSize) params.set('size', String(next.pageSize));
        else params.delete('size');
        return params;
      }, options);
    },
    [setSearchParams, page, pageSize, defaultPageSize],
  );

  return [{ page, pageSize }, setPlace];
}
