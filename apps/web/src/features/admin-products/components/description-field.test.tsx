import { screen, within } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, expect, test } from 'vitest';
import { jsonResponse, stubFetch } from '../../../test/fetch';
import { renderRoutes } from '../../../test/render';
import { productServer } from '../testing/fixtures';
import { DESCRIPTION_HINT } from './description-field';
import { ProductsDashboardPage } from './products-dashboard-page';

afterEach(() => {
  toast.dismiss();
});

const MARKDOWN = '## Inside\n\n- Forty *diagrams*\n- A [tool list](https://tools.example)\n';

async function openAddForm() {
  stubFetch({
    'GET /api/products': productServer([]).list,
    'POST /api/products/generate-signature': () => jsonResponse({}),
  });
  const { user } = renderRoutes([{ path: '/dashboard', element: <ProductsDashboardPage /> }], {
    initialEntry: '/dashboard',
  });
  await user.click(await screen.findByRole('button', { name: 'Add Product' }));
  const dialog = within(await screen.findByRole('dialog', { name: 'Add Product' }));
  return { user, dialog };
}

test('Preview shows the description as the product page will; Write brings the text back', async () => {
  const { user, dialog } = await openAddForm();
  const field = dialog.getByLabelText(/^Description/);
  expect(field).toHaveAccessibleDescription(DESCRIPTION_HINT);
  await user.click(field);
  await user.paste(MARKDOWN);

  await user.click(dialog.getByRole('tab', { name: 'Preview' }));

  const preview = within(dialog.getByRole('tabpanel', { name: 'Preview' }));
  // The parser loads with the first preview.
  expect(await preview.findByRole('heading', { level: 4, name: 'Inside' })).toBeVisible();
  expect(preview.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
    'Forty diagrams',
    'A tool list',
  ]);
  expect(preview.getByRole('link', { name: 'tool list' })).toHaveAttribute(
    'rel',
    'nofollow noopener',
  );
  expect(field).not.toBeVisible();

  await user.click(dialog.getByRole('tab', { name: 'Write' }));
  expect(dialog.getByLabelText(/^Description/)).toHaveValue(MARKDOWN);
});

test('the tabs are reached and switched from the keyboard', async () => {
  const { user, dialog } = await openAddForm();
  await user.type(dialog.getByLabelText(/^Description/), 'Plain words');
  dialog.getByRole('tab', { name: 'Write' }).focus();

  await user.keyboard('{ArrowRight}');

  expect(dialog.getByRole('tab', { name: 'Preview' })).toHaveAttribute('aria-selected', 'true');
  const preview = within(dialog.getByRole('tabpanel', { name: 'Preview' }));
  expect(await preview.findByText('Plain words')).toBeVisible();
});
