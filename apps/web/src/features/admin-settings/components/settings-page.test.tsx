import {
  DEFAULT_PRODUCT_NOTES,
  ErrorCode,
  InvoiceMessages,
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
  sellerName: '',
  sellerAddress: '',
  sellerTaxId: '',
  invoicePrefix: 'INV-',
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
    // Issue 26: the invoice settings are saved with the others, unchanged here.
    expect(bodies).toEqual([
      { ...expected, sellerName: '', sellerAddress: '', sellerTaxId: '', invoicePrefix: 'INV-' },
    ]);
    expect(getStoreConfig()).toMatchObject(expected);
  });

  test('the seller on invoices and the invoice prefix are edited and saved', async () => {
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
    await user.type(form.getByLabelText('Seller’s legal name'), 'Łukasz Wójcik Verlag');
    await user.type(form.getByLabelText('Seller’s address'), 'Große Straße 5{Enter}10115 Berlin');
    await user.type(form.getByLabelText('Tax ID'), 'DE123456789');
    await user.clear(form.getByLabelText('Invoice number prefix'));
    await user.type(form.getByLabelText('Invoice number prefix'), 'BK-');
    await user.click(form.getByRole('button', { name: 'Save settings' }));

    expect(await screen.findByText(SettingsMessages.saved)).toBeInTheDocument();
    expect(bodies).toEqual([
      {
        ...saved,
        sellerName: 'Łukasz Wójcik Verlag',
        sellerAddress: 'Große Straße 5\n10115 Berlin',
        sellerTaxId: 'DE123456789',
        invoicePrefix: 'BK-',
      },
    ]);
  });

  test('a prefix with characters a file name cannot take is refused before it is sent', async () => {
    const bodies: unknown[] = [];
    stubFetch({
      'GET /api/admin/settings': () => jsonResponse(saved),
      'PUT /api/admin/settings': async (request) => {
        bodies.push(await request.json());
        return jsonResponse(saved);
      },
    });
    const { user } = renderSettings();
    const form = within(await screen.findByRole('form', { name: 'Settings' }));
    await user.clear(form.getByLabelText('Invoice number prefix'));
    await user.type(form.getByLabelText('Invoice number prefix'), 'INV/2026');
    await user.click(form.getByRole('button', { name: 'Save settings' }));
    expect(await form.findByText(InvoiceMessages.invoicePrefixCharacters)).toBeInTheDocument();
    expect(bodies).toEqual([]);
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
