import { screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { fileOf, makeProduct, stubXhr } from '../testing/fixtures';
import {
  fillProduct,
  openAddForm,
  openEditForm,
  renderDashboard,
} from '../testing/product-form-harness';

const files = [
  {
    id: 'filepdf000000001',
    name: 'Print PDF',
    format: 'pdf' as const,
    size: 2048,
    public_id: 'p1',
    secure_url: 'private://p1.pdf',
  },
  {
    id: 'fileepub00000001',
    name: 'EPUB edition',
    format: 'epub' as const,
    size: 1024,
    public_id: 'p2',
    secure_url: 'private://p2.epub',
  },
];

describe('the product’s files', () => {
  test('editing: renamed and moved with the keyboard, the list is saved in its new order', async () => {
    const product = makeProduct({ title: 'Night Garden', files });
    const { user, saved } = renderDashboard([product]);
    const dialog = await openEditForm(user, 'Night Garden');

    const second = dialog.getByLabelText('File 2 name');
    await user.clear(second);
    await user.type(second, 'EPUB');
    const up = dialog.getByRole('button', { name: 'Move EPUB up' });
    up.focus();
    await user.keyboard('{Enter}');
    // The moved row is first now: its up arrow is off, so its down arrow keeps the focus.
    expect(dialog.getByRole('button', { name: 'Move EPUB down' })).toHaveFocus();
    expect(dialog.getByLabelText('File 1 name')).toHaveValue('EPUB');
    expect(await screen.findByText('EPUB moved to position 1 of 2.')).toBeInTheDocument();

    await user.click(dialog.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Product updated successfully!')).toBeInTheDocument();
    expect(saved).toHaveLength(1);
    expect(saved[0]!.files).toEqual([
      { id: 'fileepub00000001', public_id: 'p2', name: 'EPUB' },
      { id: 'filepdf000000001', public_id: 'p1', name: 'Print PDF' },
    ]);
    expect(saved[0]).not.toHaveProperty('digitalFile');
  });

  test('editing: the last file cannot be removed, and an unchanged list is not sent', async () => {
    const product = makeProduct({ title: 'One File', files: files.slice(0, 1) });
    const { user, saved } = renderDashboard([product]);
    const dialog = await openEditForm(user, 'One File');
    expect(dialog.getByRole('button', { name: 'Remove Print PDF' })).toBeDisabled();
    await user.click(dialog.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Product updated successfully!')).toBeInTheDocument();
    expect(saved[0]).not.toHaveProperty('files');
  });

  test('adding: a second file is uploaded and sent after the digital file', async () => {
    const { user, saved } = renderDashboard();
    let uploads = 0;
    stubXhr(() => {
      uploads += 1;
      const id = `file-${uploads}`;
      return {
        status: 201,
        body: {
          public_id: id,
          secure_url: `private://${id}`,
          format: 'pdf',
          size: 16,
          fileName: `${id}.pdf`,
        },
      };
    });
    const dialog = await openAddForm(user);
    await fillProduct(user, dialog);
    await user.upload(
      dialog.getByLabelText('Add files'),
      fileOf('workbook.pdf', 'application/pdf'),
    );
    expect(dialog.getByLabelText('File 1 name')).toHaveValue('workbook');
    await user.click(dialog.getByRole('button', { name: 'Save Product' }));
    expect(await screen.findByText('Product added successfully!')).toBeInTheDocument();
    expect(uploads).toBe(2);
    expect(saved[0]!.files).toEqual([
      { public_id: 'file-1', name: 'Night Trains' },
      { public_id: 'file-2', name: 'workbook' },
    ]);
    expect(saved[0]).not.toHaveProperty('digitalFile');
  });

  test('a file that is not what its name says is refused before anything is sent', async () => {
    const { user, saved } = renderDashboard();
    const dialog = await openAddForm(user);
    await fillProduct(user, dialog);
    await user.upload(
      dialog.getByLabelText('Add files'),
      fileOf('fake.epub', 'application/epub+zip', 16, { content: 'fake' }),
    );
    await user.click(dialog.getByRole('button', { name: 'Save Product' }));
    expect(
      await dialog.findByText('fake.epub: This file is not a real PDF, ZIP or EPUB.'),
    ).toBeInTheDocument();
    expect(saved).toHaveLength(0);
  });
});
