import type { User } from '@bindery/shared';
import { screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { useSessionStore } from '../lib/session-store';
import { LocationProbe, renderRoutes } from '../test/render';
import { RequireAuth } from './guard';

const buyer: User = { _id: 'u1', name: 'Ada Buyer', email: 'ada@example.com', role: 'user' };
const admin: User = { _id: 'a1', name: 'Grace Admin', email: 'grace@example.com', role: 'admin' };

const routes = [
  {
    path: '/dashboard',
    element: (
      <RequireAuth roles={['admin']}>
        <h1>Admin dashboard</h1>
      </RequireAuth>
    ),
  },
  {
    // As a layout route guarding its children, with any signed-in role allowed.
    element: <RequireAuth />,
    children: [{ path: '/success', element: <h1>Payment result</h1> }],
  },
  { path: '*', element: <LocationProbe /> },
];

describe('RequireAuth', () => {
  test('shows "Loading session..." while the session loads', () => {
    useSessionStore.setState({ isLoading: true, isAuthenticated: true, user: admin });
    renderRoutes(routes, { initialEntry: '/dashboard' });

    expect(screen.getByText('Loading session...')).toBeInTheDocument();
    expect(screen.queryByText('Admin dashboard')).not.toBeInTheDocument();
  });

  test('sends a signed-out visitor to the login, remembering the page', () => {
    useSessionStore.getState().logout();
    renderRoutes(routes, { initialEntry: '/dashboard?tab=all' });

    expect(screen.getByTestId('pathname')).toHaveTextContent(/^\/login$/);
    expect(JSON.parse(screen.getByTestId('state').textContent ?? '')).toEqual({
      from: '/dashboard?tab=all',
    });
  });

  test('sends a signed-in user without an allowed role to the admin login', () => {
    useSessionStore.getState().setUser(buyer);
    renderRoutes(routes, { initialEntry: '/dashboard' });

    expect(screen.getByTestId('pathname')).toHaveTextContent(/^\/login\/admin$/);
    expect(screen.queryByText('Admin dashboard')).not.toBeInTheDocument();
  });

  test('renders the page for an allowed role', () => {
    useSessionStore.getState().setUser(admin);
    renderRoutes(routes, { initialEntry: '/dashboard' });

    expect(screen.getByRole('heading', { name: 'Admin dashboard' })).toBeInTheDocument();
  });

  test('as a layout route without roles it lets any signed-in user through', () => {
    useSessionStore.getState().setUser(buyer);
    renderRoutes(routes, { initialEntry: '/success' });

    expect(screen.getByRole('heading', { name: 'Payment result' })).toBeInTheDocument();
  });
});
