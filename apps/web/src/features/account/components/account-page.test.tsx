import { AccountMessages, AuthMessages, type User } from '@bindery/shared';
import { screen, within } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { useSessionStore } from '../../../lib/session-store';
import { jsonResponse, stubFetch } from '../../../test/fetch';
import { renderRoutes } from '../../../test/render';
import { AccountPage } from './account-page';

const ada: User = { _id: 'u1', name: 'Ada', email: 'ada@example.com', role: 'user' };

beforeEach(() => {
  useSessionStore.getState().setUser(ada);
});
afterEach(() => {
  toast.dismiss();
});

const renderAccount = () =>
  renderRoutes([{ path: '/account', element: <AccountPage /> }], { initialEntry: '/account' });

describe('the account page', () => {
  test('saves a new name and shows it as the signed-in user’s', async () => {
    const bodies: unknown[] = [];
    stubFetch({
      'PATCH /api/auth/me': async (request) => {
        bodies.push(await request.json());
        return jsonResponse({ user: { ...ada, name: 'Ada Lovelace' } });
      },
    });
    const { user } = renderAccount();
    expect(screen.getByRole('heading', { level: 1, name: 'Account' })).toBeInTheDocument();
    const profile = within(screen.getByRole('form', { name: 'Profile' }));
    expect(profile.getByLabelText('Email')).toHaveValue('ada@example.com');
    await user.clear(profile.getByLabelText('Name'));
    await user.type(profile.getByLabelText('Name'), 'Ada Lovelace');
    await user.click(profile.getByRole('button', { name: 'Save name' }));

    expect(await screen.findByText(AccountMessages.profileSaved)).toBeInTheDocument();
    expect(bodies).toEqual([{ name: 'Ada Lovelace' }]);
    expect(useSessionStore.getState().user?.name).toBe('Ada Lovelace');
  });

  test('an empty name is refused before anything is sent', async () => {
    const fetch = stubFetch({});
    const { user } = renderAccount();
    const profile = within(screen.getByRole('form', { name: 'Profile' }));
    await user.clear(profile.getByLabelText('Name'));
    await user.click(profile.getByRole('button', { name: 'Save name' }));
    expect(await profile.findByText(AuthMessages.usernameRequired)).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  test('a name with a control character is refused on its field, before anything is sent', async () => {
    const fetch = stubFetch({});
    const { user } = renderAccount();
    const profile = within(screen.getByRole('form', { name: 'Profile' }));
    await user.clear(profile.getByLabelText('Name'));
    await user.click(profile.getByLabelText('Name'));
    await user.paste('Ada\u0007Lovelace');
    await user.click(profile.getByRole('button', { name: 'Save name' }));
    expect(await profile.findByText(AuthMessages.nameHasControlCharacters)).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  test('changes the password; a wrong current password shows on its field', async () => {
    let calls = 0;
    const bodies: unknown[] = [];
    stubFetch({
      'POST /api/auth/change-password': async (request) => {
        calls += 1;
        bodies.push(await request.json());
        return calls === 1
          ? jsonResponse(
              {
                message: AccountMessages.currentPasswordIncorrect,
                code: 'BAD_REQUEST',
                errors: { currentPassword: [AccountMessages.currentPasswordIncorrect] },
              },
              400,
            )
          : jsonResponse({ message: AccountMessages.passwordChanged });
      },
    });
    const { user } = renderAccount();
    const form = within(screen.getByRole('form', { name: 'Password' }));
    await user.type(form.getByLabelText('Current password'), 'wrong one');
    await user.type(form.getByLabelText('New password'), 'a fresh long password');
    await user.type(form.getByLabelText('Confirm new password'), 'a fresh long password');
    await user.click(form.getByRole('button', { name: 'Change password' }));
    expect(await form.findByText(AccountMessages.currentPasswordIncorrect)).toBeInTheDocument();

    await user.clear(form.getByLabelText('Current password'));
    await user.type(form.getByLabelText('Current password'), 'the right one');
    await user.click(form.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText(AccountMessages.passwordChanged)).toBeInTheDocument();
    expect(bodies).toEqual([
      { currentPassword: 'wrong one', newPassword: 'a fresh long password' },
      { currentPassword: 'the right one', newPassword: 'a fresh long password' },
    ]);
    // The form is emptied after a change.
    expect(form.getByLabelText('Current password')).toHaveValue('');
  });

  test('mismatched new passwords are refused before anything is sent', async () => {
    const fetch = stubFetch({});
    const { user } = renderAccount();
    const form = within(screen.getByRole('form', { name: 'Password' }));
    await user.type(form.getByLabelText('Current password'), 'current');
    await user.type(form.getByLabelText('New password'), 'a fresh long password');
    await user.type(form.getByLabelText('Confirm new password'), 'another password');
    await user.click(form.getByRole('button', { name: 'Change password' }));
    expect(await form.findByText(AuthMessages.passwordsDoNotMatch)).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });
});
