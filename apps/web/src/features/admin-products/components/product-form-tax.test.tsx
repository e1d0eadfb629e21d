import { TaxMessages } from '@bindery/shared';
import { screen, within } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, describe, expect, test } from 'vitest';
import { makeProduct } from '../testing/fixtures';
import {
  enter,
  fillProduct,
  openAddForm,
  openEditForm,
  renderDashboard,
  type Dialog,
} from '../testing/product-form-harness';

afterEach(() => {
  toast.dismiss();
});

const category = (dialog: Dialog) => dialog.getByLabelText('Tax category') as HTMLSelectElement;

describe('the product’s tax category', () => {
  test('offers the store’s default first and the usual digital categories', async () => {
    const { user } = renderDashboard();
    const dialog = await openAddForm(user);
    const options = within(category(dialog)).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'E-book (txcd_10302000), the store’s default',
      'Audiobook (txcd_10301000)',
      'Digital audio (txcd_10401100)',
      'Digital video (txcd_10402100)',
      'Digital image (txcd_10501000)',
      'Downloadable software (txcd_10202000)',
      'Other digital goods (txcd_10503000)',
      'Electronically supplied services (txcd_10000000)',
      'Another Stripe tax code…',
    ]);
    expect(category(dialog).value).toBe('');
    expect(dialog.queryByLabelText('Stripe tax code')).not.toBeInTheDocument();
  }, 30_000);

  test('a new product left on the default sends no code: the store’s applies', async () => {
    const { user, saved } = renderDashboard();
    const dialog = await openAddForm(user);
    await fillProduct(user, dialog);
    await user.click(dialog.getByRole('button', { name: 'Save Product' }));
    expect(await screen.findByText('Product added successfully!')).toBeInTheDocument();
    expect(saved).toHaveLength(1);
    expect(saved[0]).not.toHaveProperty('taxCode');
  }, 30_000);

  test('a chosen category sends its code', async () => {
    const { user, saved } = renderDashboard();
    const dialog = await openAddForm(user);
    await fillProduct(user, dialog);
    await user.selectOptions(category(dialog), 'Digital audio (txcd_10401100)');
    await user.click(dialog.getByRole('button', { name: 'Save Product' }));
    expect(await screen.findByText('Product added successfully!')).toBeInTheDocument();
    expect(saved[0]).toMatchObject({ title: 'Night Trains', taxCode: 'txcd_10401100' });
  }, 30_000);

  test('another code is typed in, checked with the server’s message before anything is sent', async () => {
    const { user, saved } = renderDashboard();
    const dialog = await openAddForm(user);
    await fillProduct(user, dialog);
    await user.selectOptions(category(dialog), 'Another Stripe tax code…');
    const code = dialog.getByLabelText('Stripe tax code');
    await enter(user, code, 'txcd_1234');
    await user.click(dialog.getByRole('button', { name: 'Save Product' }));
    expect(await dialog.findByText(TaxMessages.taxCodeInvalid)).toBeInTheDocument();
    expect(saved).toEqual([]);

    await user.clear(code);
    await enter(user, code, 'txcd_99999999');
    await user.click(dialog.getByRole('button', { name: 'Save Product' }));
    expect(await screen.findByText('Product added successfully!')).toBeInTheDocument();
    expect(saved[0]).toMatchObject({ taxCode: 'txcd_99999999' });
  }, 30_000);

  test('an edit shows the product’s category; back to the default sends null', async () => {
    const product = makeProduct({ title: 'Night Sounds', taxCode: 'txcd_10401100' });
    const { user, saved } = renderDashboard([product]);
    const dialog = await openEditForm(user, 'Night Sounds');
    expect(category(dialog).value).toBe('txcd_10401100');

    await user.selectOptions(category(dialog), 'E-book (txcd_10302000), the store’s default');
    await user.click(dialog.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Product updated successfully!')).toBeInTheDocument();
    expect(saved[0]).toMatchObject({ title: 'Night Sounds', taxCode: null });
  }, 30_000);

  test('an edit of a product with a code the list lacks shows it typed in; unchanged, it is not sent', async () => {
    const product = makeProduct({ title: 'Odd One', taxCode: 'txcd_99999999' });
    const { user, saved } = renderDashboard([product]);
    const dialog = await openEditForm(user, 'Odd One');
    expect(category(dialog).value).toBe('other');
    expect(dialog.getByLabelText('Stripe tax code')).toHaveValue('txcd_99999999');

    await user.click(dialog.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Product updated successfully!')).toBeInTheDocument();
    expect(saved[0]).not.toHaveProperty('taxCode');
  }, 30_000);
});
