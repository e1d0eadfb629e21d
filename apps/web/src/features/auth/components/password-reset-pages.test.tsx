import { AccountMessages, AuthMessages } from '@bindery/shared';
import { screen, waitFor } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, describe, expect, test } from 'vitest';
import { jsonResponse, stubFetch } from '../../../test/fetch';
import { LocationProbe, renderRoutes } from '../../../test/render';
import { ForgotPasswordPage } from './forgot-password-page';
import { LoginPage } from './login-page';
import { ResetPasswordPage } from './reset-password-page';

afterEach(() => {
  toast.dismiss();
});

const routes = [
  { path: '/login', element: <LoginPage /> },
  { path: '/forgot-password', element: <ForgotPasswordPage /> },
  { path: '/reset-password', element: <ResetPasswordPage /> },
  { path: '*', element: <LocationProbe /> },
];

describe('forgot password', () => {
  test('the sign-in form links to it; it sends the email and shows the same answer for anyone', async () => {
    const bodies: unknown[] = [];
    const fetch = stubFetch({
      'POST /api/auth/password-reset': async (request) => {
        bodies.push(await request.json());
        return jsonResponse({ message: AccountMessages.resetRequested }, 202);
      },
    });
    const { user } = renderRoutes(routes, { initialEntry: '/login' });
    await user.click(screen.getByRole('link', { name: AccountMessages.forgotPassword }));

    expect(
      await screen.findByRole('heading', { level: 1, name: AccountMessages.forgotTitle }),
    ).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email'), ' Ada@Example.com ');
    await user.click(screen.getByRole('button', { name: AccountMessages.sendResetLink }));

    expect(await screen.findByRole('status')).toHaveTextContent(AccountMessages.resetRequested);
    expect(bodies).toEqual([{ email: 'ada@example.com' }]);
    expect(screen.getByRole('link', { name: AccountMessages.backToSignIn })).toHaveAttribute(
      'href',
      '/login',
    );
    expect(fetch.unexpected).toEqual([]);
  });

  test('a malformed email is caught before anything is sent; a refusal shows the server’s text', async () => {
    const fetch = stubFetch({
      'POST /api/auth/password-reset': () =>
        jsonResponse(
          { message: 'Too many reset requests. Please try again in 60 minutes.', code: 'X' },
          429,
        ),
    });
    const { user } = renderRoutes(routes, { initialEntry: '/forgot-password' });
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: AccountMessages.sendResetLink }));
    expect(await screen.findByText(AuthMessages.invalidEmail)).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();

    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: AccountMessages.sendResetLink }));
    expect(
      await screen.findByText('Too many reset requests. Please try again in 60 minutes.'),
    ).toBeInTheDocument();
  });
});

describe('setting a new password from the link', () => {
  test('sends the token with the new password, then goes to sign in with a toast', async () => {
    const bodies: unknown[] = [];
    stubFetch({
      'POST /api/auth/password-reset/check': () => jsonResponse({ usable: true }),
      'POST /api/auth/password-reset/confirm': async (request) => {
        bodies.push(await request.json());
        return jsonResponse({ message: AccountMessages.passwordReset });
      },
    });
    const { user } = renderRoutes(routes, { initialEntry: '/reset-password?token=abc123' });
    expect(
      screen.getByRole('heading', { level: 1, name: AccountMessages.resetTitle }),
    ).toBeInTheDocument();
    await user.type(await screen.findByLabelText('New password'), 'a brand new password');
    await user.type(screen.getByLabelText('Confirm new password'), 'a brand new password');
    await user.click(screen.getByRole('button', { name: AccountMessages.setNewPassword }));

    expect(await screen.findByText(AccountMessages.passwordReset)).toBeInTheDocument();
    expect(bodies).toEqual([{ token: 'abc123', password: 'a brand new password' }]);
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument(),
    );
  });

  test('checks the rules and the confirmation before sending', async () => {
    const fetch = stubFetch({
      'POST /api/auth/password-reset/check': () => jsonResponse({ usable: true }),
    });
    const { user } = renderRoutes(routes, { initialEntry: '/reset-password?token=abc123' });
    await user.type(await screen.findByLabelText('New password'), 'short');
    await user.click(screen.getByRole('button', { name: AccountMessages.setNewPassword }));
    expect(await screen.findByText(AuthMessages.passwordTooShort)).toBeInTheDocument();
    await user.clear(screen.getByLabelText('New password'));
    await user.type(screen.getByLabelText('New password'), 'long enough password');
    await user.type(screen.getByLabelText('Confirm new password'), 'something else');
    await user.click(screen.getByRole('button', { name: AccountMessages.setNewPassword }));
    expect(await screen.findByText(AuthMessages.passwordsDoNotMatch)).toBeInTheDocument();
    // Only the link's check went out.
    expect(fetch.mock.calls.map(([url]) => String(url))).toEqual([
      '/api/auth/password-reset/check',
    ]);
  });

  test('a used or expired link says so as the page opens, with no form to fill in', async () => {
    const bodies: unknown[] = [];
    stubFetch({
      'POST /api/auth/password-reset/check': async (request) => {
        bodies.push(await request.json());
        return jsonResponse(
          { message: AccountMessages.resetLinkInvalid, code: 'BAD_REQUEST' },
          400,
        );
      },
    });
    renderRoutes(routes, { initialEntry: '/reset-password?token=old' });
    expect(screen.getByRole('status')).toHaveTextContent(AccountMessages.checkingResetLink);
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();

    expect(await screen.findByText(AccountMessages.resetLinkInvalid)).toBeInTheDocument();
    expect(bodies).toEqual([{ token: 'old' }]);
    expect(screen.getByRole('link', { name: AccountMessages.requestNewLink })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
  });

  test('a check that fails otherwise leaves the form, whose answer still tells', async () => {
    stubFetch({
      'POST /api/auth/password-reset/check': () =>
        jsonResponse({ message: 'Too many reset link checks.', code: 'TOO_MANY_REQUESTS' }, 429),
      'POST /api/auth/password-reset/confirm': () =>
        jsonResponse({ message: AccountMessages.resetLinkInvalid, code: 'BAD_REQUEST' }, 400),
    });
    const { user } = renderRoutes(routes, { initialEntry: '/reset-password?token=old' });
    await user.type(await screen.findByLabelText('New password'), 'a brand new password');
    await user.type(screen.getByLabelText('Confirm new password'), 'a brand new password');
    await user.click(screen.getByRole('button', { name: AccountMessages.setNewPassword }));
    expect(await screen.findByText(AccountMessages.resetLinkInvalid)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: AccountMessages.requestNewLink })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
  });

  test('a link without a token goes straight to asking for a new one', () => {
    stubFetch({});
    renderRoutes(routes, { initialEntry: '/reset-password' });
    expect(screen.getByText(AccountMessages.resetLinkInvalid)).toBeInTheDocument();
  });
});
