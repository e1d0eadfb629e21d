import { StampingTexts } from '@bindery/shared';
import { screen } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, expect, test } from 'vitest';
import { makeProduct } from '../testing/fixtures';
import {
  fillProduct,
  openAddForm,
  openEditForm,
  renderDashboard,
} from '../testing/product-form-harness';

afterEach(() => {
  toast.dismiss();
});

test('stamping is off on a new product and sent only once switched on', async () => {
  const { user, saved } = renderDashboard();
  const dialog = await openAddForm(user);
  await fillProduct(user, dialog);
  const box = dialog.getByLabelText(StampingTexts.switchLabel);
  expect(box).not.toBeChecked();
  await user.click(dialog.getByRole('button', { name: 'Save Product' }));
  expect(await screen.findByText('Product added successfully!')).toBeInTheDocument();
  expect(saved[0]).not.toHaveProperty('stampPdf');

  const again = await openAddForm(user);
  await fillProduct(user, again);
  await user.click(again.getByLabelText(StampingTexts.switchLabel));
  await user.click(again.getByRole('button', { name: 'Save Product' }));
  await screen.findAllByText('Product added successfully!');
  expect(saved[1]).toMatchObject({ stampPdf: true });
}, 30_000);

test('editing a stamping product shows the store’s note; switching it off sends that', async () => {
  const note = 'Could not stamp “guide.pdf”: it is encrypted. Buyers receive it unstamped.';
  const product = makeProduct({ title: 'Atlas', stampPdf: true, stampNote: note });
  const { user, saved } = renderDashboard([product]);
  const dialog = await openEditForm(user, 'Atlas');
  expect(dialog.getByText(note)).toBeVisible();
  const box = dialog.getByLabelText(StampingTexts.switchLabel);
  expect(box).toBeChecked();
  await user.click(box);
  await user.click(dialog.getByRole('button', { name: 'Save Changes' }));
  expect(await screen.findByText('Product updated successfully!')).toBeInTheDocument();
  expect(saved[0]).toMatchObject({ stampPdf: false });
}, 30_000);
