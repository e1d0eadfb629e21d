import { AuthMessages, SESSION_STORAGE_KEY, type User } from '@bindery/shared';
import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { useSessionStore } from '../../../lib/session-store';
import { deferredResponse, htmlResponse, jsonResponse, stubFetch } from '../../../test/fetch';
import { LocationProbe, renderRoutes, type Entry } from '../../../test/render';
import { LoginPage } from './login-page';

const buyer: User = { _id: 'u1', name: 'Ada Buyer', email: 'ada@example.com', role: 'user' };
const admin: User = { _id: 'a1', name: 'Grace Admin', email: 'grace@example.com', role: 'admin' };

const routes = [
  { path: '/login', element: <LoginPage /> },
  { path: '/login/admin', element: <LoginPage variant="admin" /> },
  { path: '*', element: <LocationProbe /> },
];

function renderLogin(initialEntry: Entry = '/login') {
  return renderRoutes(routes, { initialEntry });
}

const emailField = () => screen.getByLabelText('Email');
const passwordField = () => screen.getByLabelText('Password');
const submitButton = (name: string | RegExp = 'Sign in') => screen.getByRole('button', { name });

describe('signed out after inactivity', () => {
  test('the sign-in page says so; signing in clears it', () => {
    useSessionStore.getState().logout(AuthMessages.signedOutInactive);
    renderLogin();

    expect(screen.getByText(AuthMessages.signedOutInactive)).toBeInTheDocument();
    act(() => useSessionStore.getState().setUser(buyer));
    expect(useSessionStore.getState().signOutNotice).toBeNull();
  });

  test('a plain sign-out shows no notice', () => {
    useSessionStore.getState().logout();
    renderLogin();
    expect(screen.queryByText(AuthMessages.signedOutInactive)).toBeNull();
  });
});

describe('sign-in validation', () => {
  test.each([
    ['both are empty', '', ''],
    ['the password is missing', 'ada@example.com', ''],
    ['the email is missing', '', 'secret-password'],
  ])(
    'when %s it says "Email and password are required." and calls nobody',
    async (_, email, password) => {
      const fetchMock = stubFetch();
      const { user } = renderLogin();

      if (email) await user.type(emailField(), email);
      if (password) await user.type(passwordField(), password);
      await user.click(submitButton());

      expect(await screen.findByRole('alert')).toHaveTextContent(
        AuthMessages.emailAndPasswordRequired,
      );
      expect(fetchMock).not.toHaveBeenCalled();
    },
  );
});

describe('register validation', () => {
  test('a missing username says "Please enter a username." and calls nobody', async () => {
    const fetchMock = stubFetch();
    const { user } = renderLogin();
    await user.click(screen.getByRole('button', { name: 'Register' }));

    await user.type(emailField(), 'new@example.com');
    await user.type(passwordField(), 'long-enough-1');
    await user.type(screen.getByLabelText('Confirm password'), 'long-enough-1');
    await user.click(submitButton('Register'));

    expect(await screen.findByRole('alert')).toHaveTextContent(AuthMessages.usernameRequired);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  test('different passwords say "Passwords do not match!" and call nobody', async () => {
    const fetchMock = stubFetch();
    const { user } = renderLogin();
    await user.click(screen.getByRole('button', { name: 'Register' }));

    await user.type(screen.getByLabelText('Username'), 'newbie');
    await user.type(emailField(), 'new@example.com');
    await user.type(passwordField(), 'long-enough-1');
    await user.type(screen.getByLabelText('Confirm password'), 'long-enough-2');
    await user.click(submitButton('Register'));

    expect(await screen.findByRole('alert')).toHaveTextContent(AuthMessages.passwordsDoNotMatch);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  test('missing email or password is reported before the username', async () => {
    const fetchMock = stubFetch();
    const { user } = renderLogin();
    await user.click(screen.getByRole('button', { name: 'Register' }));

    await user.click(submitButton('Register'));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      AuthMessages.emailAndPasswordRequired,
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('modes', () => {
  test('the link switches between sign-in and register, showing the register fields only there', async () => {
    stubFetch();
    const { user } = renderLogin();

    expect(screen.getByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Username')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Confirm password')).not.toBeInTheDocument();
    expect(passwordField()).toHaveAttribute('autocomplete', 'current-password');

    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(screen.getByRole('heading', { name: 'Create an account' })).toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toBeInTheDocument();
    expect(screen.getByLabelText('Confirm password')).toHaveAttribute('type', 'password');
    expect(passwordField()).toHaveAttribute('autocomplete', 'new-password');

    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.queryByLabelText('Username')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Confirm password')).not.toBeInTheDocument();
  });

  test('the admin sign-in says admin and offers no registration', () => {
    stubFetch();
    renderLogin('/login/admin');

    expect(screen.getByRole('heading', { name: 'Admin sign in' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Register' })).not.toBeInTheDocument();
    expect(screen.queryByText(/have an account/)).not.toBeInTheDocument();
  });
});

describe('registering', () => {
  test('sends a buyer account, toasts, and returns to sign-in with the passwords cleared', async () => {
    const bodies: unknown[] = [];
    const fetchMock = stubFetch({
      'POST /api/auth/register': async (request) => {
        bodies.push(await request.json());
        return jsonResponse({ user: { ...buyer, name: 'newbie', email: 'new@example.com' } }, 201);
      },
    });
    const { user } = renderLogin();
    await user.click(screen.getByRole('button', { name: 'Register' }));

    await user.type(screen.getByLabelText('Username'), 'newbie');
    await user.type(emailField(), 'New@Example.com');
    await user.type(passwordField(), 'long-enough-1');
    await user.type(screen.getByLabelText('Confirm password'), 'long-enough-1');
    await user.click(submitButton('Register'));

    expect(await screen.findByText(AuthMessages.registrationSuccessful)).toBeInTheDocument();
    expect(bodies).toEqual([
      { name: 'newbie', email: 'new@example.com', password: 'long-enough-1', role: 'user' },
    ]);
    expect(fetchMock.mock.calls[0]?.[1]).toMatchObject({
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(screen.getByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Confirm password')).not.toBeInTheDocument();
    expect(emailField()).toHaveValue('new@example.com');
    expect(passwordField()).toHaveValue('');
    // Registering does not sign in.
    expect(useSessionStore.getState().isAuthenticated).toBe(false);

    // The confirm field comes back empty too.
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(screen.getByLabelText('Confirm password')).toHaveValue('');
  });

  test('a taken email shows the server message', async () => {
    stubFetch({
      'POST /api/auth/register': () =>
        jsonResponse({ message: AuthMessages.emailTaken, code: 'CONFLICT' }, 409),
    });
    const { user } = renderLogin();
    await user.click(screen.getByRole('button', { name: 'Register' }));

    await user.type(screen.getByLabelText('Username'), 'newbie');
    await user.type(emailField(), 'ada@example.com');
    await user.type(passwordField(), 'long-enough-1');
    await user.type(screen.getByLabelText('Confirm password'), 'long-enough-1');
    await user.click(submitButton('Register'));

    expect(await screen.findByRole('alert')).toHaveTextContent(AuthMessages.emailTaken);
    expect(screen.getByLabelText('Confirm password')).toHaveValue('long-enough-1');
  });

  test('a failure without a server message shows "Registration failed. Please try again."', async () => {
    stubFetch({ 'POST /api/auth/register': () => htmlResponse(500) });
    const { user } = renderLogin();
    await user.click(screen.getByRole('button', { name: 'Register' }));

    await user.type(screen.getByLabelText('Username'), 'newbie');
    await user.type(emailField(), 'new@example.com');
    await user.type(passwordField(), 'long-enough-1');
    await user.type(screen.getByLabelText('Confirm password'), 'long-enough-1');
    await user.click(submitButton('Register'));

    expect(await screen.findByRole('alert')).toHaveTextContent(AuthMessages.registrationFailed);
  });
});

describe('signing in', () => {
  function stubLogin(signedIn: User) {
    const bodies: unknown[] = [];
    const fetchMock = stubFetch({
      'POST /api/auth/login': async (request) => {
        bodies.push(await request.json());
        return jsonResponse({ user: signedIn });
      },
    });
    return { fetchMock, bodies };
  }

  async function signIn(user: ReturnType<typeof renderLogin>['user'], email: string) {
    await user.type(emailField(), email);
    await user.type(passwordField(), 'correct-password');
    await user.keyboard('{Enter}');
  }

  test('stores the user, toasts, and sends an admin to the dashboard', async () => {
    const { bodies } = stubLogin(admin);
    const { user } = renderLogin();

    await signIn(user, admin.email);

    expect(await screen.findByTestId('pathname')).toHaveTextContent('/dashboard');
    expect(await screen.findByText(AuthMessages.loginSuccessful)).toBeInTheDocument();
    expect(bodies).toEqual([{ email: admin.email, password: 'correct-password' }]);
    expect(useSessionStore.getState()).toMatchObject({
      user: admin,
      isAuthenticated: true,
      isLoading: false,
      token: null,
    });
    const stored = JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY) ?? '{}') as {
      state: Record<string, unknown>;
    };
    expect(stored.state).toEqual({ user: admin, token: null, isAuthenticated: true });
  });

  test('sends a buyer to the products', async () => {
    stubLogin(buyer);
    const { user } = renderLogin();

    await signIn(user, buyer.email);

    expect(await screen.findByTestId('pathname')).toHaveTextContent('/products');
  });

  test('returns to the page in state.from', async () => {
    stubLogin(buyer);
    const { user } = renderLogin({ pathname: '/login', state: { from: '/product/123' } });

    await signIn(user, buyer.email);

    expect(await screen.findByTestId('pathname')).toHaveTextContent('/product/123');
  });

  test('keeps the page in state.from through Register and registering', async () => {
    stubFetch({
      'POST /api/auth/register': () => jsonResponse({ user: buyer }, 201),
      'POST /api/auth/login': () => jsonResponse({ user: buyer }),
    });
    const { user } = renderLogin({ pathname: '/login', state: { from: '/product/123' } });
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await user.type(screen.getByLabelText('Username'), buyer.name);
    await user.type(emailField(), buyer.email);
    await user.type(passwordField(), 'correct-password');
    await user.type(screen.getByLabelText('Confirm password'), 'correct-password');
    await user.click(submitButton('Register'));
    expect(await screen.findByText(AuthMessages.registrationSuccessful)).toBeInTheDocument();

    await user.type(passwordField(), 'correct-password');
    await user.keyboard('{Enter}');

    expect(await screen.findByTestId('pathname')).toHaveTextContent(/^\/product\/123$/);
  });

  test('returns to the ?redirect= path', async () => {
    stubLogin(buyer);
    const { user } = renderLogin('/login?redirect=%2Fmy-orders%3Fpage%3D2');

    await signIn(user, buyer.email);

    expect(await screen.findByTestId('pathname')).toHaveTextContent('/my-orders');
    expect(screen.getByTestId('search')).toHaveTextContent('?page=2');
  });

  test('ignores a redirect to another site', async () => {
    stubLogin(buyer);
    const { user } = renderLogin('/login?redirect=%2F%2Fevil.example%2Fphish');

    await signIn(user, buyer.email);

    expect(await screen.findByTestId('pathname')).toHaveTextContent(/^\/products$/);
  });

  test('on the admin sign-in a buyer is signed in but goes to the products', async () => {
    stubLogin(buyer);
    const { user } = renderLogin({ pathname: '/login/admin', state: { from: '/dashboard' } });

    await signIn(user, buyer.email);

    expect(await screen.findByTestId('pathname')).toHaveTextContent(/^\/products$/);
    expect(useSessionStore.getState().user).toEqual(buyer);
  });

  test('on the admin sign-in an admin returns to the admin page in state.from', async () => {
    stubLogin(admin);
    const { user } = renderLogin({ pathname: '/login/admin', state: { from: '/orders' } });

    await signIn(user, admin.email);

    expect(await screen.findByTestId('pathname')).toHaveTextContent(/^\/orders$/);
  });

  test('disables the button while the server answers', async () => {
    const pending = deferredResponse();
    stubFetch({ 'POST /api/auth/login': () => pending.promise });
    const { user } = renderLogin();

    await signIn(user, buyer.email);

    await waitFor(() => expect(submitButton()).toBeDisabled());
    pending.resolve(jsonResponse({ user: buyer }));
    expect(await screen.findByTestId('pathname')).toHaveTextContent('/products');
  });

  test('shows the server message when sign-in is refused', async () => {
    stubFetch({
      'POST /api/auth/login': () =>
        jsonResponse({ message: 'Invalid email or password.', code: 'UNAUTHORIZED' }, 401),
    });
    const { user } = renderLogin();

    await signIn(user, buyer.email);

    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password.');
    expect(useSessionStore.getState().isAuthenticated).toBe(false);
    expect(screen.queryByTestId('pathname')).not.toBeInTheDocument();
  });

  test.each([
    ['the server answers 500 with a non-JSON page', () => htmlResponse(500)],
    [
      'the network fails',
      () => {
        throw new TypeError('Failed to fetch');
      },
    ],
  ])('shows "Login failed. Please try again." when %s', async (_, handler) => {
    stubFetch({ 'POST /api/auth/login': handler });
    const { user } = renderLogin();

    await signIn(user, buyer.email);

    expect(await screen.findByRole('alert')).toHaveTextContent(AuthMessages.loginFailed);
  });
});

describe('already signed in', () => {
  test('a buyer opening the sign-in is sent on to the products, replacing the login', () => {
    useSessionStore.getState().setUser(buyer);
    const { router } = renderLogin();

    expect(screen.getByTestId('pathname')).toHaveTextContent(/^\/products$/);
    expect(screen.queryByRole('heading', { name: 'Sign in' })).not.toBeInTheDocument();
    expect(router.state.historyAction).toBe('REPLACE');
  });

  test('an admin opening the sign-in is sent on to the dashboard', () => {
    useSessionStore.getState().setUser(admin);
    renderLogin();

    expect(screen.getByTestId('pathname')).toHaveTextContent(/^\/dashboard$/);
  });

  test('a signed-in user goes to the return target when there is one', () => {
    useSessionStore.getState().setUser(buyer);
    renderLogin({ pathname: '/login', state: { from: '/product/123' } });

    expect(screen.getByTestId('pathname')).toHaveTextContent(/^\/product\/123$/);
  });

  test('an admin opening the admin sign-in goes to the page in ?redirect=', () => {
    useSessionStore.getState().setUser(admin);
    renderLogin('/login/admin?redirect=%2Forders');

    expect(screen.getByTestId('pathname')).toHaveTextContent(/^\/orders$/);
  });

  test('while the stored session is being checked it shows "Loading session...", then the form if it has ended', () => {
    useSessionStore.setState({ user: buyer, isAuthenticated: true, isLoading: true });
    renderLogin();

    expect(screen.getByText('Loading session...')).toBeInTheDocument();
    expect(screen.queryByTestId('pathname')).not.toBeInTheDocument();
    act(() => useSessionStore.getState().logout());
    expect(screen.getByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
  });

  test('a buyer sent from an admin page is told it needs an admin account and can sign in as one', async () => {
    useSessionStore.getState().setUser(buyer);
    stubFetch({ 'POST /api/auth/login': () => jsonResponse({ user: admin }) });
    const { user } = renderLogin({ pathname: '/login/admin', state: { from: '/orders' } });

    expect(screen.getByRole('heading', { name: 'Admin sign in' })).toBeInTheDocument();
    expect(screen.getByText('Admin account needed')).toBeInTheDocument();
    expect(
      screen.getByText(
        "The page you opened needs an admin account. You're signed in as Ada Buyer, a buyer account: sign in with an admin account to continue, or go back to the store.",
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the store' })).toHaveAttribute(
      'href',
      '/products',
    );

    await user.type(emailField(), admin.email);
    await user.type(passwordField(), 'correct-password');
    await user.keyboard('{Enter}');

    expect(await screen.findByTestId('pathname')).toHaveTextContent(/^\/orders$/);
    expect(useSessionStore.getState().user).toEqual(admin);
  });

  test('a buyer opening the admin sign-in directly is told it is a buyer account', () => {
    useSessionStore.getState().setUser(buyer);
    renderLogin('/login/admin');

    expect(
      screen.getByText(
        "You're signed in as Ada Buyer, a buyer account. Sign in with an admin account to manage the store, or go back to the store.",
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
  });

  test('a signed-out visitor on the admin sign-in sees no such notice', () => {
    useSessionStore.getState().logout();
    renderLogin({ pathname: '/login/admin', state: { from: '/orders' } });

    expect(screen.queryByText('Admin account needed')).not.toBeInTheDocument();
  });
});
