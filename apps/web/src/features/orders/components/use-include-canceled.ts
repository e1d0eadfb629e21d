import { useSearchParams } from 'react-router';

/** Whether an address asks for canceled orders too. */
export const readIncludeCanceled = (searchParams: URLSearchParams) =>
  searchParams.get('include') === 'canceled';

/** Whether canceled orders are listed too, kept in the address (`?include=canceled`). */
export function useIncludeCanceled() {
  const [searchParams, setSearchParams] = useSearchParams();
  const includeCanceled = readIncludeCanceled(searchParams);
  const setIncludeCanceled = (include: boolean) =>
    setSearchParams((current) => {
      const params = new URLSearchParams(current);
      if (include) params.set('include', 'canceled');
      else params.delete('include');
      // Other orders are listed now: start again from the first page.
      params.delete('page');
      return params;
    });
  return [includeCanceled, setIncludeCanceled] as const;
}
