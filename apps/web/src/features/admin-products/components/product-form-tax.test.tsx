import { TaxMessages } from '@bindery/shared';
import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, describe, expect, test } from 'vitest';
import { jsonResponse, stubFetch } from '../../../test/fetch';
import { renderRoutes } from '../../../test/render';
import type { AdminProduct } from '../api/list-products';
import { fileOf, makeProduct, productServer, stubXhr } from '../testing/fixtures';
import { ProductsDashboardPage } from './products-dashboard-page';

afterEach(() => {
  toast.dismiss();
});

type Dialog = ReturnType<typeof within>;

const uploadedFile = {
  public_id: 'file-1',
  secure_url: 'private://file-1.pdf',
  format: 'pdf',
  size: 16,
  fileName: 'guide.pdf',
};

/** The dashboard over a fake server holding `products`; what it was sent to save. */
function renderDashboard(products: AdminProduct[] = []) {
  stubXhr(() => ({ status: 201, body: uploadedFile }));
  const saved: Array<Record<string, unknown>> = [];
  const keep = async (request: Request) => {
    saved.push((await request.json()) as Record<string, unknown>);
    return jsonResponse(products[0] ?? makeProduct(), request.method === 'POST' ? 201 : 200);
  };
  stubFetch({
    'GET /api/products': productServer(products).list,
    'POST /api/products/generate-signature': () =>
      jsonResponse({ signature: 's', timestamp: 1, api_key: 'k', folder: 'f' }),
    'POST /api/uploads/image': () => jsonResponse({ url: '/media/images/new/original.png' }, 201),
    'POST /api/products': keep,
    ...Object.fromEntries(products.map((product) => [`PUT /api/products/${product._id}`, keep])),
  });
  const view = renderRoutes([{ path: '/dashboard', element: <ProductsDashboardPage /> }], {
    initialEntry: '/dashboard',
  });
  return { ...view, saved };
}

/** Typed at once: the form's rules, not typing, are under test here. */
async function enter(user: UserEvent, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

async function openAddForm(user: UserEvent): Promise<Dialog> {
  await user.click(await screen.findByRole('button', { name: 'Add Product' }));
  return within(await screen.findByRole('dialog', { name: 'Add Product' }));
}

/** A new product with everything it needs but a tax category. */
async function fillProduct(user: UserEvent, dialog: Dialog) {
  await enter(user, dialog.getByLabelText(/^Title/), 'Night Trains');
  await enter(user, dialog.getByLabelText(/^Description/), 'Timetables and tips.');
  await enter(user, dialog.getByLabelText(/^Price/), '12.5');
  await user.upload(dialog.getByLabelText('Choose images'), fileOf('cover.png', 'image/png'));
  await user.upload(
    dialog.getByLabelText('Choose digital file'),
    fileOf('guide.pdf', 'application/pdf'),
  );
}

async function openEditForm(user: UserEvent, title: string): Promise<Dialog> {
  await user.click(await screen.findByRole('button', { name: `Edit ${title}` }));
  return within(await screen.findByRole('dialog', { name: 'Edit Product' }));
}

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
