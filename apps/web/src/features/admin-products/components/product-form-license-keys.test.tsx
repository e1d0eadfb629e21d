import { LicenseMessages } from '@bindery/shared';
import { screen } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, expect, test } from 'vitest';
import { jsonResponse } from '../../../test/fetch';
import { makeProduct } from '../testing/fixtures';
import {
  enter,
  fillProduct,
  openAddForm,
  openEditForm,
  renderDashboard,
} from '../testing/product-form-harness';

afterEach(() => {
  toast.dismiss();
});

test('license keys ask for activations per key and send them', async () => {
  const { user, saved } = renderDashboard();
  const dialog = await openAddForm(user);
  await fillProduct(user, dialog);
  expect(dialog.queryByLabelText('Activations per key')).toBeNull();
  await user.click(dialog.getByLabelText('License keys'));
  const activations = dialog.getByLabelText('Activations per key');
  await user.clear(activations);
  await enter(user, activations, '3');
  await user.click(dialog.getByRole('button', { name: 'Save Product' }));
  expect(await screen.findByText('Product added successfully!')).toBeInTheDocument();
  expect(saved[0]).toMatchObject({ licenseKeys: { enabled: true, maxUses: 3 } });
}, 30_000);

test('"No limit" sends a null limit', async () => {
  const { user, saved } = renderDashboard();
  const again = await openAddForm(user);
  await fillProduct(user, again);
  await user.click(again.getByLabelText('License keys'));
  await user.click(again.getByLabelText('No limit'));
  expect(again.getByLabelText('Activations per key')).toBeDisabled();
  await user.click(again.getByRole('button', { name: 'Save Product' }));
  expect(await screen.findByText('Product added successfully!')).toBeInTheDocument();
  expect(saved[0]).toMatchObject({ licenseKeys: { enabled: true, maxUses: null } });
}, 30_000);

test('a limit of 0 is refused before anything is sent; switched off again, the keys are off', async () => {
  const { user, saved } = renderDashboard();
  const dialog = await openAddForm(user);
  await fillProduct(user, dialog);
  await user.click(dialog.getByLabelText('License keys'));
  const activations = dialog.getByLabelText('Activations per key');
  await user.clear(activations);
  await enter(user, activations, '0');
  await user.click(dialog.getByRole('button', { name: 'Save Product' }));
  expect(await dialog.findByText(LicenseMessages.maxUsesInvalid)).toBeInTheDocument();
  expect(saved).toEqual([]);

  await user.click(dialog.getByLabelText('License keys'));
  await user.click(dialog.getByRole('button', { name: 'Save Product' }));
  expect(await screen.findByText('Product added successfully!')).toBeInTheDocument();
  expect(saved[0]).toMatchObject({ licenseKeys: { enabled: false, maxUses: null } });
}, 30_000);

test('an edit shows the product’s keys; turning them off sends that', async () => {
  const product = makeProduct({ title: 'Typesetter', licenseKeys: { enabled: true, maxUses: 5 } });
  const { user, saved } = renderDashboard([product]);
  const dialog = await openEditForm(user, 'Typesetter');
  expect(dialog.getByLabelText('Activations per key')).toHaveValue(5);
  await user.click(dialog.getByLabelText('License keys'));
  await user.click(dialog.getByRole('button', { name: 'Save Changes' }));
  expect(await screen.findByText('Product updated successfully!')).toBeInTheDocument();
  expect(saved[0]).toMatchObject({ licenseKeys: { enabled: false, maxUses: null } });
}, 30_000);

test('a product listed without its keys shows them from its admin view; turning them off sends that', async () => {
  const listed = makeProduct({ title: 'Fontsmith', digitalFile: { format: 'pdf', size: 2048 } });
  const detail = { ...listed, licenseKeys: { enabled: true, maxUses: 7 } };
  const { user, saved } = renderDashboard([listed], {
    [`GET /api/products/${listed._id}`]: () => jsonResponse(detail),
  });
  const dialog = await openEditForm(user, 'Fontsmith');
  expect(await dialog.findByLabelText('Activations per key')).toHaveValue(7);
  await user.click(dialog.getByLabelText('License keys'));
  await user.click(dialog.getByRole('button', { name: 'Save Changes' }));
  expect(await screen.findByText('Product updated successfully!')).toBeInTheDocument();
  expect(saved[0]).toMatchObject({ licenseKeys: { enabled: false, maxUses: null } });
}, 30_000);
