import type { User } from '@bindery/shared';
import { OwnershipMessages } from '@bindery/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { useSessionStore } from '../../../lib/session-store';
import { deferredResponse, jsonResponse, stubFetch } from '../../../test/fetch';
import { LocationProbe, renderRoutes } from '../../../test/render';
import { BuyNowButton } from './buy-now-button';

const buyer: User = { _id: 'u1', name: 'Ada Buyer', email: 'ada@example.com', role: 'user' };
const OWNED = { owned: true, orderId: 'order0000000001' };
const NOT_OWNED = { owned: false, orderId: null };

function renderButton() {
  return renderRoutes(
    [
      { path: '/product/:id', element: <BuyNowButton productId="p1" /> },
      { path: '*', element: <LocationProbe /> },
    ],
    { initialEntry: '/product/p1' },
  );
}

describe('buy now for a product the buyer owns', () => {
  test('an owner sees "You own this" and Download, which gets a fresh link', async () => {
    useSessionStore.getState().setUser(buyer);
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const fetchMock = stubFetch({
      'GET /api/orders/mine/products/p1': () => jsonResponse(OWNED),
      'POST /api/orders/order0000000001/download-link': () =>
        jsonResponse({ downloadUrl: '/api/downloads/tok', expiresAt: '2030-01-01T00:00:00Z' }),
    });
    const { user } = renderButton();

    const group = await screen.findByRole('group', { name: OwnershipMessages.youOwnThis });
    expect(screen.queryByRole('button', { name: 'Buy Now' })).toBeNull();
    await user.click(within(group).getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/api/downloads/tok'));
    expect(fetchMock.unexpected).toEqual([]);
  });

  test('a failed download link says so with the server message', async () => {
    useSessionStore.getState().setUser(buyer);
    stubFetch({
      'GET /api/orders/mine/products/p1': () => jsonResponse(OWNED),
      'POST /api/orders/order0000000001/download-link': () =>
        jsonResponse({ message: 'Downloads are paused.', code: 'FORBIDDEN' }, 403),
    });
    const { user } = renderButton();
    await user.click(await screen.findByRole('button', { name: 'Download' }));
    expect(await screen.findByText('Downloads are paused.')).toBeInTheDocument();
  });

  test('Buy again asks first; Cancel buys nothing, confirming starts the checkout', async () => {
    useSessionStore.getState().setUser(buyer);
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const checkout = deferredResponse();
    const bodies: unknown[] = [];
    stubFetch({
      'GET /api/orders/mine/products/p1': () => jsonResponse(OWNED),
      'POST /api/session/checkout': async (request) => {
        bodies.push(await request.json());
        return checkout.promise;
      },
    });
    const { user } = renderButton();

    await user.click(await screen.findByRole('button', { name: OwnershipMessages.buyAgain }));
    let dialog = await screen.findByRole('dialog', { name: OwnershipMessages.buyAgainTitle });
    expect(dialog).toHaveTextContent(OwnershipMessages.buyAgainText);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bodies).toEqual([]);

    await user.click(screen.getByRole('button', { name: OwnershipMessages.buyAgain }));
    dialog = await screen.findByRole('dialog', { name: OwnershipMessages.buyAgainTitle });
    await user.click(
      within(dialog).getByRole('button', { name: OwnershipMessages.buyAgainConfirm }),
    );
    expect(await within(dialog).findByRole('button', { name: 'Processing...' })).toBeDisabled();
    expect(bodies).toEqual([{ productId: 'p1' }]);
    checkout.resolve(jsonResponse({ url: 'https://checkout.example.com/c/cs_2' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://checkout.example.com/c/cs_2'));
  });

  test('a buyer who does not own it sees Buy Now as always', async () => {
    useSessionStore.getState().setUser(buyer);
    const ownership = vi.fn(() => jsonResponse(NOT_OWNED));
    stubFetch({ 'GET /api/orders/mine/products/p1': ownership });
    renderButton();
    await waitFor(() => expect(ownership).toHaveBeenCalledTimes(1));
    expect(await screen.findByRole('button', { name: 'Buy Now' })).toBeEnabled();
    expect(screen.queryByText(OwnershipMessages.youOwnThis)).toBeNull();
  });

  test('a visitor is not asked about: Buy Now, no ownership call', async () => {
    const fetchMock = stubFetch({});
    renderButton();
    expect(await screen.findByRole('button', { name: 'Buy Now' })).toBeEnabled();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  test('a click before the ownership check answers does not buy a second copy', async () => {
    useSessionStore.getState().setUser(buyer);
    const answer = deferredResponse();
    const checkout = vi.fn(() => jsonResponse({ url: 'https://checkout.example.com/x' }));
    stubFetch({
      'GET /api/orders/mine/products/p1': () => answer.promise,
      'POST /api/session/checkout': checkout,
    });
    const { user } = renderButton();
    await user.click(await screen.findByRole('button', { name: 'Buy Now' }));
    answer.resolve(jsonResponse(OWNED));
    expect(
      await screen.findByRole('group', { name: OwnershipMessages.youOwnThis }),
    ).toBeInTheDocument();
    expect(checkout).not.toHaveBeenCalled();
  });
});
