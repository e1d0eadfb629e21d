import { CatalogMessages } from '@bindery/shared';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, describe, expect, test } from 'vitest';
import { jsonResponse, stubFetch } from '../../../test/fetch';
import { renderRoutes } from '../../../test/render';
import { fileOf, makeProduct, productServer, stubXhr } from '../testing/fixtures';
import { ProductsDashboardPage } from './products-dashboard-page';

afterEach(() => {
  toast.dismiss();
});

const A = '/media/images/aaaa/original.png';
const B = '/media/images/bbbb/original.png';
const C = '/media/images/cccc/original.png';

/** The dashboard with one product of three images, its edit form open; PUT bodies are kept. */
async function openEdit(image = [A, B, C]) {
  stubXhr();
  const product = makeProduct({ title: 'Tide Tables', image });
  const bodies: unknown[] = [];
  let uploaded = 0;
  const server = productServer([product]);
  const fetchMock = stubFetch({
    'GET /api/products': server.list,
    'POST /api/uploads/image': () => {
      uploaded += 1;
      return jsonResponse({ url: `/media/images/new${uploaded}/original.png` }, 201);
    },
    [`PUT /api/products/${product._id}`]: async (request) => {
      bodies.push(await request.json());
      return jsonResponse(product);
    },
  });
  const { user } = renderRoutes([{ path: '/dashboard', element: <ProductsDashboardPage /> }], {
    initialEntry: '/dashboard',
  });
  await user.click(await screen.findByRole('button', { name: 'Edit Tide Tables' }));
  const dialog = within(await screen.findByRole('dialog', { name: 'Edit Product' }));
  return { user, dialog, product, bodies, fetchMock };
}

type Dialog = Awaited<ReturnType<typeof openEdit>>['dialog'];

const rows = (dialog: Dialog) =>
  within(dialog.getByRole('list', { name: 'Product images' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

async function saveAndReadImages(user: UserEvent, dialog: Dialog, bodies: unknown[]) {
  await user.click(dialog.getByRole('button', { name: 'Save Changes' }));
  expect(await screen.findByText('Product updated successfully!')).toBeInTheDocument();
  return (bodies[0] as { image?: string[] }).image;
}

/** The text is in the list's live region, which screen readers read out as it changes. */
const expectAnnounced = (dialog: Dialog, text: string) =>
  expect(dialog.getByText(text)).toHaveAttribute('aria-live', 'polite');

describe('the ordered image list', () => {
  test('the move buttons reorder by keyboard, keep the focus and announce the new place', async () => {
    const { user, dialog, bodies } = await openEdit();
    expect(rows(dialog)).toEqual(['Current image 1Cover', 'Current image 2', 'Current image 3']);

    const down = dialog.getByRole('button', { name: 'Move current image 1 down' });
    down.focus();
    await user.keyboard('{Enter}');
    expect(rows(dialog)).toEqual(['Current image 2Cover', 'Current image 1', 'Current image 3']);
    expect(down).toHaveFocus();
    expectAnnounced(dialog, 'Current image 1 moved to position 2 of 3.');

    const up = dialog.getByRole('button', { name: 'Move current image 3 up' });
    up.focus();
    await user.keyboard('{Enter}');
    await user.keyboard('{Enter}');
    expect(rows(dialog)).toEqual(['Current image 3Cover', 'Current image 2', 'Current image 1']);
    // At the top "up" is disabled: the focus moves to the same image's other button.
    expect(dialog.getByRole('button', { name: 'Move current image 3 down' })).toHaveFocus();
    expectAnnounced(dialog, 'Current image 3 moved to position 1 of 3. It is the cover now.');

    expect(await saveAndReadImages(user, dialog, bodies)).toEqual([C, B, A]);
  });

  test('removing one keeps the others in order, and chosen files are added after them', async () => {
    const { user, dialog, bodies, fetchMock } = await openEdit();
    await user.click(dialog.getByRole('button', { name: 'Remove current image 2' }));
    expect(dialog.getByRole('button', { name: 'Remove current image 3' })).toHaveFocus();
    expectAnnounced(dialog, 'Current image 2 removed.');
    await user.upload(dialog.getByLabelText('Choose images'), [
      fileOf('one.png', 'image/png', 1024),
      fileOf('two.png', 'image/png', 2048),
    ]);
    expect(rows(dialog)).toEqual([
      'Current image 1Cover',
      'Current image 3',
      'one.png (1.0 KB)',
      'two.png (2.0 KB)',
    ]);
    await user.click(dialog.getByRole('button', { name: 'Move two.png up' }));
    expect(await saveAndReadImages(user, dialog, bodies)).toEqual([
      A,
      C,
      '/media/images/new1/original.png',
      '/media/images/new2/original.png',
    ]);
    // Only the chosen files went up, in the list's order: new1 is two.png.
    const sent = fetchMock.mock.calls
      .filter(([url]) => url === '/api/uploads/image')
      .map(([, init]) => ((init?.body as FormData).get('image') as File).name);
    expect(sent).toEqual(['two.png', 'one.png']);
  });

  test('an unchanged list is not sent, so the product keeps its images', async () => {
    const { user, dialog, bodies } = await openEdit();
    await user.click(dialog.getByRole('button', { name: 'Move current image 1 down' }));
    await user.click(dialog.getByRole('button', { name: 'Move current image 1 up' }));
    expect(await saveAndReadImages(user, dialog, bodies)).toBeUndefined();
  });

  test('choosing past ten adds up to ten and says "At most 10 images are allowed"', async () => {
    const { user, dialog } = await openEdit();
    const files = Array.from({ length: 9 }, (_, index) => fileOf(`p${index}.png`, 'image/png'));
    await user.upload(dialog.getByLabelText('Choose images'), files);
    expect(rows(dialog)).toHaveLength(10);
    expect(await dialog.findByText(CatalogMessages.tooManyImages)).toBeInTheDocument();
    expect(rows(dialog).slice(-2)).toEqual(['p5.png (0.0 KB)', 'p6.png (0.0 KB)']);
  });

  test('an edit cannot remove every image: "At least one image is required"', async () => {
    const { user, dialog, bodies } = await openEdit([A]);
    await user.click(dialog.getByRole('button', { name: 'Remove current image 1' }));
    expect(await dialog.findByText(CatalogMessages.imagesRequired)).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(dialog.getByText(CatalogMessages.imagesRequired)).toBeVisible());
    expect(bodies).toEqual([]);
  });
});
