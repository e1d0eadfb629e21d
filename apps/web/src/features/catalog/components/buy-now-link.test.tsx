import { QueryClientProvider } from '@tanstack/react-query';
import { act, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, test } from 'vitest';
import { ShareButton } from '../../../components/share-button';
import { testQueryClient } from '../../../test/query-client';
import { BuyNowButton } from './buy-now-button';
import { hydrateForTest } from '../../../test/hydrate';

function page(): ReactNode {
  return (
    <QueryClientProvider client={testQueryClient()}>
      <MemoryRouter basename="/store" initialEntries={['/store/product/p1']}>
        <BuyNowButton productId="p1" />
        <ShareButton url="http://store.example/store/product/p1" title="Pocket Atlas" />
      </MemoryRouter>
    </QueryClientProvider>
  );
}

let container: HTMLElement | undefined;
afterEach(() => {
  container?.remove();
  container = undefined;
});

describe('Buy Now and Share before the app runs (the server’s page, no script)', () => {
  test('Buy Now is a link the server answers; Share keeps its place, unseen and inert', () => {
    container = document.createElement('div');
    container.innerHTML = renderToString(page());

    const link = container.querySelector('a');
    expect(link?.textContent).toBe('Buy Now');
    expect(link?.getAttribute('href')).toBe('/store/product/p1/buy');
    const share = container.querySelector('button');
    expect(share?.textContent).toBe('Share');
    expect(share?.disabled).toBe(true);
    expect(share?.style.visibility).toBe('hidden');
  });

  test('once the app takes the page over, Buy Now is the button and Share shows', async () => {
    container = document.createElement('div');
    container.innerHTML = renderToString(page());
    document.body.append(container);

    await act(async () => {
      hydrateForTest(container!, page());
    });

    expect(screen.getByRole('button', { name: 'Buy Now' })).toBeEnabled();
    expect(screen.queryByRole('link', { name: 'Buy Now' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Share' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Share' })).toBeEnabled();
  });
});
