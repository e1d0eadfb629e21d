import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/** A server-sorted table's order: one of its sortable columns and a direction. */
export interface SortPlace<Field extends string> {
  field: Field;
  order: 'asc' | 'desc';
}

/** The sort an address names, as `useSortInAddress` reads it. */
export function readSort<Field extends string>(
  searchParams: URLSearchParams,
  fields: readonly Field[],
): SortPlace<Field> | null {
  const field = searchParams.get('sort');
  const order: SortPlace<Field>['order'] = searchParams.get('order') === 'desc' ? 'desc' : 'asc';
  return field !== null && (fields as readonly string[]).includes(field)
    ? { field: field as Field, order }
    : null;
}

/**
 * Keeps a table's sort in the address (`?sort=price&order=desc`, the API's own names), next to
 * the page kept by `usePageInAddress`, so a reload sorts the same way and Back undoes a sort. A
 * column the table cannot sort by reads as no sort (the server's default order). A new sort
 * starts again from the first page: the old page number means other rows.
 */
export function useSortInAddress<Field extends string>(
  fields: readonly Field[],
): [SortPlace<Field> | null, (next: SortPlace<Field> | null) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const sort = readSort(searchParams, fields);
  const order = sort?.order ?? 'asc';

  const currentField = sort?.field ?? null;
  const setSort = useCallback(
    (next: SortPlace<Field> | null) => {
      // The same sort again is no change: it must not send the table back to its first page.
      if ((next?.field ?? null) === currentField && (next === null || next.order === order)) return;
      setSearchParams((current) => {
        const params = new URLSearchParams(current);
        params.delete('page');
        if (next) {
          params.set('sort', next.field);
          params.set('order', next.order);
        } else {
          params.delete('sort');
          params.delete('order');
        }
        return params;
      });
    },
    [setSearchParams, currentField, order],
  );

  return [sort, setSort];
}
