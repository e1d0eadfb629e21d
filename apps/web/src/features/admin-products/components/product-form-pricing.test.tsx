import { PricingMessages } from '@bindery/shared';
import { screen } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, expect, test } from 'vitest';
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

test('pay what you want asks for a minimum and sends both', async () => {
  const { user, saved } = renderDashboard();
  const dialog = await openAddForm(user);
  await fillProduct(user, dialog);
  expect(dialog.queryByLabelText('Minimum price')).toBeNull();
  await user.click(dialog.getByLabelText('Pay what you want'));
  await enter(user, dialog.getByLabelText('Minimum price'), '5');
  await user.click(dialog.getByRole('button', { name: 'Save Product' }));
  expect(await screen.findByText('Product added successfully!')).toBeInTheDocument();
  expect(saved[0]).toMatchObject({ price: 12.5, payWhatYouWant: true, minimumPrice: 5 });
}, 30_000);

test('an empty minimum is 0 (free allowed); a fixed price sends neither field', async () => {
  const { user, saved } = renderDashboard();
  const dialog = await openAddForm(user);
  await fillProduct(user, dialog);
  await user.click(dialog.getByRole('button', { name: 'Save Product' }));
  expect(await screen.findByText('Product added successfully!')).toBeInTheDocument();
  expect(saved[0]).not.toHaveProperty('payWhatYouWant');
  expect(saved[0]).not.toHaveProperty('minimumPrice');

  const again = await openAddForm(user);
  await fillProduct(user, again);
  await user.click(again.getByLabelText('Pay what you want'));
  await user.click(again.getByRole('button', { name: 'Save Product' }));
  await screen.findAllByText('Product added successfully!');
  expect(saved[1]).toMatchObject({ payWhatYouWant: true, minimumPrice: 0 });
}, 30_000);

test('a minimum with a third decimal is refused before anything is sent', async () => {
  const { user, saved } = renderDashboard();
  const dialog = await openAddForm(user);
  await fillProduct(user, dialog);
  await user.click(dialog.getByLabelText('Pay what you want'));
  await enter(user, dialog.getByLabelText('Minimum price'), '1.005');
  await user.click(dialog.getByRole('button', { name: 'Save Product' }));
  expect(await dialog.findByText(PricingMessages.minimumDecimals)).toBeInTheDocument();
  expect(saved).toEqual([]);
}, 30_000);

test('editing a pay-what-you-want product shows its minimum; turning it off sends that', async () => {
  const product = makeProduct({ title: 'Atlas', payWhatYouWant: true, minimumPrice: 3 });
  const { user, saved } = renderDashboard([product]);
  const dialog = await openEditForm(user, 'Atlas');
  expect(dialog.getByLabelText('Minimum price')).toHaveValue(3);
  await user.click(dialog.getByLabelText('Pay what you want'));
  await user.click(dialog.getByRole('button', { name: 'Save Changes' }));
  expect(await screen.findByText('Product updated successfully!')).toBeInTheDocument();
  expect(saved[0]).toMatchObject({ payWhatYouWant: false, minimumPrice: null });
}, 30_000);
