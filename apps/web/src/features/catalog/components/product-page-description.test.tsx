import { act, screen, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, expect, test, vi } from 'vitest';
import { deferredResponse, jsonResponse, stubFetch } from '../../../test/fetch';
import { renderRoutes } from '../../../test/render';
import { catalogKeys } from '../api/keys';
import { makeProduct, makeProductList } from '../catalog-fixtures';
import { ProductPage } from './product-page';
import { productPageAt } from './server-rendered-product-page';
import { hydrateForTest } from '../../../test/hydrate';

const product = makeProduct({
  description: [
    '# What is inside',
    '',
    'Sixty **diagrams** and a [tool list](https://tools.example/list).',
    '',
    '- Paper grain',
    '- Sewing on tapes',
    '',
    '<script>window.ran = true</script>',
  ].join('\n'),
});

let container: HTMLElement | undefined;
afterEach(() => {
  container?.remove();
  container = undefined;
});

test('the description is drawn from Markdown: heading, emphasis, list and a nofollow link', async () => {
  stubFetch({ 'GET /api/products/p1': () => jsonResponse(product) });
  renderRoutes([{ path: '/product/:id', element: <ProductPage /> }], {
    initialEntry: '/product/p1',
  });
  const description = within(await screen.findByRole('region', { name: 'Description' }));
  expect(description.getByRole('heading', { level: 3, name: 'What is inside' })).toBeVisible();
  expect(description.getByText('diagrams').tagName).toBe('STRONG');
  expect(description.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
    'Paper grain',
    'Sewing on tapes',
  ]);
  const link = description.getByRole('link', { name: 'tool list' });
  expect(link).toHaveAttribute('href', 'https://tools.example/list');
  expect(link).toHaveAttribute('rel', 'nofollow noopener');
  expect(description.getByText('<script>window.ran = true</script>')).toBeInTheDocument();
  expect(document.querySelector('.rich-text script')).toBeNull();
});

test("the app hydrates the server's description without a mismatch", async () => {
  stubFetch({ 'GET /api/products/p1': () => jsonResponse(product) });
  const page = productPageAt(product, '/product/p1');
  container = document.createElement('div');
  container.innerHTML = renderToString(page());
  document.body.append(container);
  const served = container.querySelector('.rich-text')!.innerHTML;
  expect(served).toContain('<h3>What is inside</h3>');
  const onRecoverableError = vi.fn();

  await act(async () => {
    hydrateForTest(container!, page(), { onRecoverableError });
  });

  expect(onRecoverableError).not.toHaveBeenCalled();
  expect(container.querySelector('.rich-text')!.innerHTML).toBe(served);
});

test("a product shown from a catalogue page holds the description's place until its answer", async () => {
  const list = makeProductList({ count: 1 });
  const listed = list.products[0]!;
  const answer = deferredResponse();
  stubFetch({ 'GET /api/products/p1': () => answer.promise });
  renderRoutes([{ path: '/product/:id', element: <ProductPage /> }], {
    initialEntry: '/product/p1',
    seed: (client) => client.setQueryData(catalogKeys.list({ page: 1, search: '' }), list),
  });
  const region = within(await screen.findByRole('region', { name: 'Description' }));
  expect(region.getByRole('status')).toHaveTextContent('Loading description...');

  answer.resolve(jsonResponse(makeProduct({ ...listed, description: '**Sewn** by hand.' })));

  expect(await region.findByText('Sewn')).toHaveProperty('tagName', 'STRONG');
  expect(region.queryByRole('status')).toBeNull();
});
