import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { jsonResponse, stubFetch } from '../../../test/fetch';
import { renderRoutes } from '../../../test/render';
import type { AdminProduct } from '../api/list-products';
import { ProductsDashboardPage } from '../components/products-dashboard-page';
import { fileOf, makeProduct, productServer, stubXhr } from './fixtures';

// The product form on the dashboard over a fake server, for the tests of its fields.

export type Dialog = ReturnType<typeof within>;

const uploadedFile = {
  public_id: 'file-1',
  secure_url: 'private://file-1.pdf',
  format: 'pdf',
  size: 16,
  fileName: 'guide.pdf',
};

/** The dashboard over a fake server holding `products`; what it was sent to save. */
export function renderDashboard(
  products: AdminProduct[] = [],
  routes: Parameters<typeof stubFetch>[0] = {},
) {
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
    ...routes,
  });
  const view = renderRoutes([{ path: '/dashboard', element: <ProductsDashboardPage /> }], {
    initialEntry: '/dashboard',
  });
  return { ...view, saved };
}

/** Typed at once: the form's rules, not typing, are under test here. */
export async function enter(user: UserEvent, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

export async function openAddForm(user: UserEvent): Promise<Dialog> {
  await user.click(await screen.findByRole('button', { name: 'Add Product' }));
  return within(await screen.findByRole('dialog', { name: 'Add Product' }));
}

/** A new product with everything it needs but a tax category. */
export async function fillProduct(user: UserEvent, dialog: Dialog) {
  await enter(user, dialog.getByLabelText(/^Title/), 'Night Trains');
  await enter(user, dialog.getByLabelText(/^Description/), 'Timetables and tips.');
  await enter(user, dialog.getByLabelText(/^Price/), '12.5');
  await user.upload(dialog.getByLabelText('Choose images'), fileOf('cover.png', 'image/png'));
  await user.upload(
    dialog.getByLabelText('Choose digital file'),
    fileOf('guide.pdf', 'application/pdf'),
  );
}

export async function openEditForm(user: UserEvent, title: string): Promise<Dialog> {
  await user.click(await screen.findByRole('button', { name: `Edit ${title}` }));
  return within(await screen.findByRole('dialog', { name: 'Edit Product' }));
}
