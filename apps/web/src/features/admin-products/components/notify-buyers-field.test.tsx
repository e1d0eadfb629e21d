import { ProductUpdateMessages } from '@bindery/shared';
import { screen } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, describe, expect, test } from 'vitest';
import { jsonResponse } from '../../../test/fetch';
import { fileOf, makeProduct } from '../testing/fixtures';
import { enter, openEditForm, renderDashboard } from '../testing/product-form-harness';

afterEach(() => {
  toast.dismiss();
});

const CHECKBOX = ProductUpdateMessages.notifyLabel;

function renderWithBuyers(title: string, buyers: number) {
  const product = makeProduct({ title });
  const asked: string[] = [];
  const view = renderDashboard([product], {
    [`GET /api/admin/products/${product._id}/buyers-count`]: (request) => {
      asked.push(new URL(request.url).pathname);
      return jsonResponse({ buyers });
    },
  });
  return { ...view, product, asked };
}

describe('emailing buyers about an update', () => {
  test('is offered only once a new file is chosen, and asks the count only when ticked', async () => {
    const { user, asked } = renderWithBuyers('Offered Later', 3);
    const dialog = await openEditForm(user, 'Offered Later');
    expect(dialog.queryByLabelText(CHECKBOX)).not.toBeInTheDocument();

    await user.upload(
      dialog.getByLabelText('Choose digital file'),
      fileOf('guide-v2.pdf', 'application/pdf'),
    );
    const checkbox = await dialog.findByLabelText(CHECKBOX);
    expect(checkbox).not.toBeChecked();
    expect(dialog.queryByLabelText(/^Message to buyers/)).not.toBeInTheDocument();
    expect(asked).toEqual([]);

    await user.click(checkbox);
    expect(await dialog.findByText(ProductUpdateMessages.buyersHelper(3))).toBeInTheDocument();
    expect(asked).toHaveLength(1);
  }, 30_000);

  test('sends the trimmed message with the new file, and the toast counts the buyers', async () => {
    const { user, saved } = renderWithBuyers('Mailed Guide', 2);
    const dialog = await openEditForm(user, 'Mailed Guide');
    await user.upload(
      dialog.getByLabelText('Choose digital file'),
      fileOf('guide-v2.pdf', 'application/pdf'),
    );
    await user.click(await dialog.findByLabelText(CHECKBOX));
    await enter(user, dialog.getByLabelText(/^Message to buyers/), '  Chapter 3 is new.  ');
    await user.click(dialog.getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText(ProductUpdateMessages.savedEmailing(2))).toBeInTheDocument();
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatchObject({ notifyBuyers: { message: 'Chapter 3 is new.' } });
    expect(saved[0]).toHaveProperty('digitalFile');
  }, 30_000);

  test('an empty message is refused in the form; unticked, nothing is asked of the server', async () => {
    const { user, saved } = renderWithBuyers('Quiet Guide', 0);
    const dialog = await openEditForm(user, 'Quiet Guide');
    await user.upload(
      dialog.getByLabelText('Choose digital file'),
      fileOf('guide-v2.pdf', 'application/pdf'),
    );
    await user.click(await dialog.findByLabelText(CHECKBOX));
    await user.click(dialog.getByRole('button', { name: 'Save Changes' }));
    expect(await dialog.findByText(ProductUpdateMessages.messageRequired)).toBeInTheDocument();
    expect(saved).toEqual([]);

    await user.click(dialog.getByLabelText(CHECKBOX));
    await user.click(dialog.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Product updated successfully!')).toBeInTheDocument();
    expect(saved).toHaveLength(1);
    expect(saved[0]).not.toHaveProperty('notifyBuyers');
  }, 30_000);
});
