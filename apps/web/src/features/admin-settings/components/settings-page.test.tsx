import {
  DEFAULT_PRODUCT_NOTES,
  ErrorCode,
  SettingsMessages,
  type StoreSettings,
} from '@bindery/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, describe, expect, test } from 'vitest';
import { getStoreConfig, updateStoreConfig } from '../../../lib/store-config';
import { jsonResponse, stubFetch } from '../../../test/fetch';
import { renderRoutes } from '../../../test/render';
import { SettingsPage } from './settings-page';

const saved: StoreSettings = {
  storeName: 'Paper Lantern',
  supportEmail: '',
  productNotes: [...DEFAULT_PRODUCT_NOTES],
};

afterEach(() => {
  toast.dismiss();
  updateStoreConfig({ storeName: 'Bindery', productNotes: [...DEFAULT_PRODUCT_NOTES] });
});

const renderSettings = () =>
  renderRoutes([{ path: '/settings', element: <SettingsPage /> }], { initialEntry: '/settings' });

describe('the Settings screen', () => {
  test('edits, removes and adds notes, saves, and the store uses the new settings at once', async () => {
    const bodies: unknown[] = [];
    stubFetch({
      'GET /api/admin/settings': () => jsonResponse(saved),
      'PUT /api/admin/settings': async (request) => {
        const body = (await request.json()) as StoreSettings;
        bodies.push(body);
        return jsonResponse(body);
      },
    });
    const { user } = renderSettings();
    const form = within(await screen.findByRole('form', { name: 'Settings' }));
    expect(form.getByLabelText('Store name')).toHaveValue('Paper Lantern');
    await user.clear(form.getByLabelText('Store name'));
    await user.type(form.getByLabelText('Store name'), 'Ink & Thread');
    await user.type(form.getByLabelText('Support email'), 'care@ink.example');
    await user.click(form.getByRole('button', { name: 'Remove note 4' }));
    await user.click(form.getByRole('button', { name: 'Remove note 3' }));
    await user.clear(form.getByLabelText('Note 2'));
    await user.type(form.getByLabelText('Note 2'), 'Secure payment: By card.');
    await user.click(form.getByRole('button', { name: 'Add note' }));
    await user.type(form.getByLabelText('Note 3'), 'Printed on request');
    await user.click(form.getByRole('button', { name: 'Save settings' }));

    expect(await screen.findByText(SettingsMessages.saved)).toBeInTheDocument();
    const expected = {
      storeName: 'Ink & Thread',
      supportEmail: 'care@ink.example',
      productNotes: [DEFAULT_PRODUCT_NOTES[0], 'Secure payment: By card.', 'Printed on request'],
    };
    expect(bodies).toEqual([expected]);
    expect(getStoreConfig()).toMatchObject(expected);
  });

  test('the server’s refusal shows at the field it names', async () => {
    stubFetch({
      'GET /api/admin/settings': () => jsonResponse(saved),
      'PUT /api/admin/settings': () =>
        jsonResponse(
          {
            message: SettingsMessages.noteTooLong,
            code: ErrorCode.validation,
            errors: { 'productNotes.1': [SettingsMessages.noteTooLong] },
          },
          400,
        ),
    });
    const { user } = renderSettings();
    const form = within(await screen.findByRole('form', { name: 'Settings' }));
    await user.click(form.getByRole('button', { name: 'Save settings' }));
    await waitFor(() =>
      expect(form.getByLabelText('Note 2')).toHaveAccessibleDescription(
        SettingsMessages.noteTooLong,
      ),
    );
  });

  test('checks the fields before saving, with the contract’s messages', async () => {
    stubFetch({ 'GET /api/admin/settings': () => jsonResponse(saved) });
    const { user } = renderSettings();
    const form = within(await screen.findByRole('form', { name: 'Settings' }));
    await user.clear(form.getByLabelText('Store name'));
    await user.type(form.getByLabelText('Support email'), 'nope');
    await user.clear(form.getByLabelText('Note 1'));
    await user.click(form.getByRole('button', { name: 'Save settings' }));
    expect(await form.findByText(SettingsMessages.storeNameRequired)).toBeInTheDocument();
    expect(form.getByText(SettingsMessages.supportEmailInvalid)).toBeInTheDocument();
    expect(form.getByText(SettingsMessages.noteRequired)).toBeInTheDocument();
  });
});
