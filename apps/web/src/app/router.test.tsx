import { screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { jsonResponse, stubFetch } from '../test/fetch';
import { renderRoutes } from '../test/render';
import { routes } from './browser-routes';

function signedOut() {
  return stubFetch({
    'GET /api/auth/me': () => jsonResponse({ message: 'Sign in', code: 'UNAUTHORIZED' }, 401),
  });
}

/** Pages other than the catalogue are fetched on first visit, which takes a while in jsdom. */
const LAZY_PAGE = { timeout: 10_000 };

describe('routes', () => {
  test('the store index redirects to the login, inside the layout', async () => {
    signedOut();
    const { router } = renderRoutes(routes, { initialEntry: '/' });

    expect(await screen.findByRole('heading', { name: 'Sign in' }, LAZY_PAGE)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.getByRole('link', { name: 'Back to main site' })).toBeInTheDocument();
  });

  test('login/admin is the admin sign-in', async () => {
    signedOut();
    renderRoutes(routes, { initialEntry: '/login/admin' });

    expect(
      await screen.findByRole('heading', { name: 'Admin sign in' }, LAZY_PAGE),
    ).toBeInTheDocument();
  });

  test('an unknown page shows "Page not found" with a link to Products', async () => {
    const fetchMock = signedOut();
    renderRoutes(routes, { initialEntry: '/no/such/page' });

    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Products' })).toHaveAttribute(
      'href',
      '/products',
    );
    // The layout asked the server who is signed in.
    expect(fetchMock).toHaveBeenCalledWith('/api/auth/me', expect.anything());
  });
});
