import { SESSION_STORAGE_KEY, type User } from '@bindery/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { useSessionStore } from '../../lib/session-store';
import { htmlResponse, jsonResponse, stubFetch } from '../../test/fetch';
import { LocationProbe, renderRoutes, type Entry } from '../../test/render';
import { TopBar } from './top-bar';

const buyer: User = { _id: 'u1', name: 'ada Buyer', email: 'ada@example.com', role: 'user' };
const admin: User = { _id: 'a1', name: 'Grace Admin', email: 'grace@example.com', role: 'admin' };

function renderTopBar(initialEntry: Entry = '/products') {
  return renderRoutes(
    [
      {
        path: '*',
        element: (
          <>
            <TopBar />
            <LocationProbe />
          </>
        ),
      },
    ],
    { initialEntry },
  );
}

const mainNav = () => within(screen.getByRole('navigation', { name: 'Main' }));

describe('top bar', () => {
  test('signed out: the back link, the store title, Products and a Login button', () => {
    useSessionStore.getState().logout();
    renderTopBar();

    expect(screen.getByRole('link', { name: 'Back to main site' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Bindery' })).toHaveAttribute('href', '/products');
    expect(
      mainNav()
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Products']);
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();
  });

  test('on a sign-in page Login keeps its return target, checked like the sign-in does', () => {
    useSessionStore.getState().logout();
    const { unmount } = renderTopBar({ pathname: '/login', state: { from: '/product/p1' } });
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute(
      'href',
      '/login?redirect=%2Fproduct%2Fp1',
    );
    unmount();

    const hostile = renderTopBar('/login?redirect=%2F%2Fevil.example%2Fphish');
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    hostile.unmount();

    // Elsewhere Login is the plain sign-in, as before.
    renderTopBar('/product/p1');
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
  });

  test('a signed-in buyer sees Products and My Orders, the name with an initial, and Logout', () => {
    useSessionStore.getState().setUser(buyer);
    renderTopBar();

    const links = mainNav().getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Products', '/products'],
      ['My Orders', '/my-orders'],
    ]);
    expect(screen.getByText('ada Buyer')).toBeInTheDocument();
    expect(screen.getByText('A')).toBeInTheDocument();
    // The name leads to the account page.
    expect(screen.getByRole('link', { name: 'ada Buyer, account' })).toHaveAttribute(
      'href',
      '/account',
    );
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
  });

  test('an admin sees Products pointing to the dashboard, Orders, Sales, Discounts, Email and Settings instead', () => {
    useSessionStore.getState().setUser(admin);
    renderTopBar();

    const links = mainNav().getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Products', '/dashboard'],
      ['Orders', '/orders'],
      ['Sales', '/sales'],
      ['Discounts', '/discounts'],
      ['Email', '/email'],
      ['Settings', '/settings'],
    ]);
  });

  test('the mobile menu offers the links, the name, Account and Logout', async () => {
    useSessionStore.getState().setUser(buyer);
    const { user } = renderTopBar();

    await user.click(screen.getByRole('button', { name: 'Open menu' }));

    const menu = within(await screen.findByRole('menu', undefined, { timeout: 10_000 }));
    expect(menu.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'Products',
      'My Orders',
      'Account',
      'Logout',
    ]);
    expect(menu.getByText('ada Buyer')).toBeInTheDocument();
    expect(menu.getByRole('menuitem', { name: 'Account' })).toHaveAttribute('href', '/account');
  });

  test('the mobile menu offers Login when signed out, and no My Orders', async () => {
    useSessionStore.getState().logout();
    const { user } = renderTopBar();

    await user.click(screen.getByRole('button', { name: 'Open menu' }));

    const menu = within(await screen.findByRole('menu', undefined, { timeout: 10_000 }));
    expect(menu.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'Products',
      'Login',
    ]);
  });

  test('Logout ends the session on the server and goes to the login', async () => {
    const fetchMock = stubFetch({
      'POST /api/auth/logout': () => jsonResponse({ message: 'Signed out' }),
    });
    useSessionStore.getState().setUser(buyer);
    const { user, queryClient } = renderTopBar();
    queryClient.setQueryData(['anything'], 'cached');

    await user.click(screen.getByRole('button', { name: 'Logout' }));

    await waitFor(() => expect(screen.getByTestId('pathname')).toHaveTextContent(/^\/login$/));
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/auth/logout',
      expect.objectContaining({ method: 'POST', credentials: 'same-origin' }),
    );
    expect(useSessionStore.getState()).toMatchObject({ user: null, isAuthenticated: false });
    expect(queryClient.getQueryData(['anything'])).toBeUndefined();
    expect(screen.getByRole('link', { name: 'Login' })).toBeInTheDocument();
  });

  test.each([
    ['answers 500', () => htmlResponse(500)],
    [
      'cannot be reached',
      () => {
        throw new TypeError('Failed to fetch');
      },
    ],
  ])('Logout still clears the session when the server %s', async (_, handler) => {
    stubFetch({ 'POST /api/auth/logout': handler });
    useSessionStore.getState().setUser(admin);
    const { user } = renderTopBar();

    await user.click(screen.getByRole('button', { name: 'Logout' }));

    await waitFor(() => expect(screen.getByTestId('pathname')).toHaveTextContent(/^\/login$/));
    expect(useSessionStore.getState()).toMatchObject({ user: null, isAuthenticated: false });
    const stored = JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY) ?? '{}') as {
      state: Record<string, unknown>;
    };
    expect(stored.state).toEqual({ user: null, token: null, isAuthenticated: false });
  });
});
