import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../test/render';
import { useSortInAddress, type SortPlace } from './use-sort-in-address';

type Field = 'price' | 'title';
let setSort: (next: SortPlace<Field> | null) => void = () => {};

function Probe() {
  const [sort, set] = useSortInAddress<Field>(['price', 'title']);
  setSort = set;
  return <p data-testid="sort">{sort ? `${sort.field} ${sort.order}` : 'none'}</p>;
}

function renderAt(entry: string) {
  return renderRoutes([{ path: '/dashboard', element: <Probe /> }], { initialEntry: entry });
}

describe('useSortInAddress', () => {
  it('reads the column and the direction', () => {
    renderAt('/dashboard?sort=price&order=desc');
    expect(screen.getByTestId('sort')).toHaveTextContent('price desc');
  });

  it('reads a column the table cannot sort by as no sort, and any other order as ascending', () => {
    renderAt('/dashboard?sort=subtitle&order=desc');
    expect(screen.getByTestId('sort')).toHaveTextContent('none');
  });

  it('writes the sort, starts again from page 1, and keeps the other parameters', () => {
    const { router } = renderAt('/dashboard?page=3&size=10&filter=review');
    act(() => setSort({ field: 'title', order: 'asc' }));
    expect(router.state.location.search).toBe('?size=10&filter=review&sort=title&order=asc');
    act(() => setSort(null));
    expect(router.state.location.search).toBe('?size=10&filter=review');
  });

  it('leaves the address alone when the sort does not change (the grid repeats it)', () => {
    const { router } = renderAt('/dashboard?page=2&sort=price&order=desc');
    act(() => setSort({ field: 'price', order: 'desc' }));
    expect(router.state.location.search).toBe('?page=2&sort=price&order=desc');
    const { router: unsorted } = renderAt('/dashboard?page=2');
    act(() => setSort(null));
    expect(unsorted.state.location.search).toBe('?page=2');
  });

  it('adds a history entry, so Back undoes a sort', async () => {
    const { router } = renderAt('/dashboard');
    act(() => setSort({ field: 'price', order: 'asc' }));
    act(() => setSort({ field: 'price', order: 'desc' }));
    await act(() => router.navigate(-1));
    expect(screen.getByTestId('sort')).toHaveTextContent('price asc');
  });
});
