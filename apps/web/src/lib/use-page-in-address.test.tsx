import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../test/render';
import { usePageInAddress, type PagePlace } from './use-page-in-address';

let setPlace: (next: PagePlace) => void = () => {};

function Probe() {
  const [place, set] = usePageInAddress([5, 10, 20], 10);
  setPlace = set;
  return <p data-testid="place">{`${place.page}/${place.pageSize}`}</p>;
}

function renderAt(entry: string) {
  return renderRoutes([{ path: '/orders', element: <Probe /> }], { initialEntry: entry });
}

describe('usePageInAddress', () => {
  it('reads the page (from 1 in the address, from 0 for the table) and the size', () => {
    renderAt('/orders?page=3&size=20');
    expect(screen.getByTestId('place')).toHaveTextContent('2/20');
  });

  it('falls back to page 1 and the default size for anything it does not offer', () => {
    renderAt('/orders?page=-2&size=7');
    expect(screen.getByTestId('place')).toHaveTextContent('0/10');
  });

  it('writes page and size, leaves the defaults out, and keeps other parameters', () => {
    const { router } = renderAt('/orders?status=paid');
    act(() => setPlace({ page: 1, pageSize: 10 }));
    expect(router.state.location.search).toBe('?status=paid&page=2');
    act(() => setPlace({ page: 0, pageSize: 10 }));
    expect(router.state.location.search).toBe('?status=paid');
  });

  it('goes back to the first page when the size changes', () => {
    const { router } = renderAt('/orders?page=4');
    act(() => setPlace({ page: 3, pageSize: 20 }));
    expect(router.state.location.search).toBe('?size=20');
  });

  it('adds a history entry per page, so Back returns to the previous page', async () => {
    const { router } = renderAt('/orders');
    act(() => setPlace({ page: 1, pageSize: 10 }));
    act(() => setPlace({ page: 2, pageSize: 10 }));
    await act(() => router.navigate(-1));
    expect(screen.getByTestId('place')).toHaveTextContent('1/10');
  });
});
