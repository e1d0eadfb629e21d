import { act, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { describe, expect, test } from 'vitest';
import { jsonResponse, stubFetch } from '../../test/fetch';
import { renderRoutes } from '../../test/render';
import { AppLayout } from './app-layout';

function CataloguePage() {
  const [params, setParams] = useSearchParams();
  return (
    <>
      <h1>Catalogue</h1>
      <p>Page {params.get('page') ?? '1'}</p>
      <button type="button" onClick={() => setParams({ page: '2' })}>
        Next page
      </button>
      <Link to="/product/1">A product</Link>
      <Link to="/slow">A slow page</Link>
    </>
  );
}

/** A page that shows its heading only once its data has "arrived" (a click here). */
function SlowPage() {
  const [isLoaded, setLoaded] = useState(false);
  return isLoaded ? (
    <h1>Slow page</h1>
  ) : (
    <button type="button" onClick={() => setLoaded(true)}>
      Finish loading
    </button>
  );
}

const pages = [
  {
    path: '/',
    element: <CataloguePage />,
    handle: { title: (search: URLSearchParams) => `Catalogue ${search.get('page') ?? '1'}` },
  },
  { path: '/product/:id', element: <h1>The product</h1> },
  { path: '/slow', element: <SlowPage />, handle: { title: 'Slow page' } },
];
const routes = [{ element: <AppLayout pages={pages} />, children: pages }];

function renderLayout() {
  stubFetch({ 'GET /api/auth/me': () => jsonResponse({ message: 'Sign in' }, 401) });
  return renderRoutes(routes, { initialEntry: '/' });
}

describe('app layout', () => {
  test('the tab is titled from the matched route, "{page} · {store}"; a product page names itself', async () => {
    document.title = 'The Letterpress Primer · Bindery';
    const { user, router } = renderLayout();
    await screen.findByRole('heading', { level: 1, name: 'Catalogue' });
    expect(document.title).toBe('Catalogue 1 · Bindery');
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(document.title).toBe('Catalogue 2 · Bindery'));

    await user.click(screen.getByRole('link', { name: 'A slow page' }));
    await waitFor(() => expect(document.title).toBe('Slow page · Bindery'));

    await act(() => router.navigate('/'));
    await screen.findByRole('heading', { level: 1, name: 'Catalogue' });
    document.title = 'Set by the product page';
    await user.click(screen.getByRole('link', { name: 'A product' }));
    await screen.findByRole('heading', { level: 1, name: 'The product' });
    expect(document.title).toBe('Set by the product page');
  });

  test('"Skip to content" is the first stop of Tab and moves focus to the main content', async () => {
    const { user } = renderLayout();

    await user.tab();
    const skip = screen.getByRole('link', { name: 'Skip to content' });
    expect(skip).toHaveFocus();
    await user.keyboard('{Enter}');

    expect(screen.getByRole('main')).toHaveFocus();
  });

  test('after moving to another page, focus is on its heading', async () => {
    const { user } = renderLayout();

    await user.click(screen.getByRole('link', { name: 'A product' }));

    const heading = await screen.findByRole('heading', { level: 1, name: 'The product' });
    await waitFor(() => expect(heading).toHaveFocus());
  });

  test('a page that is still loading gets focus on its heading when it appears', async () => {
    const { user } = renderLayout();

    await user.click(screen.getByRole('link', { name: 'A slow page' }));
    // The click on "Finish loading" focuses that button first; the heading then takes focus.
    await user.click(screen.getByRole('button', { name: 'Finish loading' }));

    const heading = await screen.findByRole('heading', { level: 1, name: 'Slow page' });
    await waitFor(() => expect(heading).toHaveFocus());
  });

  test('a change of the query string alone leaves focus where it is', async () => {
    const { user, router } = renderLayout();

    const next = screen.getByRole('button', { name: 'Next page' });
    await user.click(next);

    expect(await screen.findByText('Page 2')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?page=2');
    expect(next).toHaveFocus();
  });

  test('nothing takes focus on the first load', () => {
    renderLayout();

    expect(document.body).toHaveFocus();
  });
});
