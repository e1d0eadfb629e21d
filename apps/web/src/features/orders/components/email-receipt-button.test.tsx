import { ErrorCode, ReceiptMessages } from '@bindery/shared';
import { screen } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, describe, expect, test } from 'vitest';
import { jsonResponse, stubFetch } from '../../../test/fetch';
import { renderRoutes } from '../../../test/render';
import { makePurchase } from '../testing/fixtures';
import { EmailReceiptButton } from './email-receipt-button';

afterEach(() => {
  toast.dismiss();
});

const order = makePurchase({
  _id: 'order00000000001',
  product: { _id: 'a', title: 'Alpha', image: [], onSale: true },
});
const renderButton = (shown = order) =>
  renderRoutes([{ path: '/my-orders', element: <EmailReceiptButton order={shown} /> }], {
    initialEntry: '/my-orders',
  });

describe('Email me the receipt', () => {
  test('asks the server for the receipt and says where it went', async () => {
    const calls: string[] = [];
    stubFetch({
      'POST /api/orders/order00000000001/receipt': (request) => {
        calls.push(request.url);
        return jsonResponse({ to: 'ada@example.com' });
      },
    });
    const { user } = renderButton();
    await user.click(screen.getByRole('button', { name: 'Email me the receipt: Alpha' }));
    expect(await screen.findByText('Receipt sent to ada@example.com.')).toBeInTheDocument();
    expect(calls).toHaveLength(1);
  });

  test('too soon: the server’s message says when to ask again', async () => {
    const message = ReceiptMessages.orderTooSoon(6);
    stubFetch({
      'POST /api/orders/order00000000001/receipt': () =>
        jsonResponse({ message, code: ErrorCode.tooManyRequests }, 429),
    });
    const { user } = renderButton();
    await user.click(screen.getByRole('button', { name: 'Email me the receipt: Alpha' }));
    expect(
      await screen.findByText(
        'This receipt was sent a few minutes ago. You can ask for it again in 6 minutes.',
      ),
    ).toBeInTheDocument();
  });

  test('an order that is not paid has no receipt to ask for', () => {
    renderButton({ ...order, status: 'pending' });
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
