import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { deferredResponse, htmlResponse, jsonResponse, stubFetch } from '../../../test/fetch';
import { renderRoutes } from '../../../test/render';
import { PaymentSuccessPage } from './payment-success-page';

const ENDPOINT = 'POST /api/session/generate-download-link';
const NOT_CONFIRMED =
  'Your payment has not been confirmed yet. Please wait a moment and try again.';

afterEach(() => {
  vi.useRealTimers();
});

function renderSuccess(search = '?session_id=cs_test_1') {
  return renderRoutes([{ path: '/success', element: <PaymentSuccessPage /> }], {
    initialEntry: `/success${search}`,
  });
}

/** A link made now that works for 15 minutes, as the server answers. */
function linkResponse(token = 'tok1') {
  return jsonResponse({
    downloadUrl: `/api/downloads/${token}`,
    expiresAt: new Date(Date.now() + 15 * 60_000).toISOString(),
  });
}

const notConfirmed = () => jsonResponse({ message: NOT_CONFIRMED, code: 'CONFLICT' }, 409);

/** How often the page asked for a download link (it also asks, once, what was bought). */
const linkCalls = (fetchMock: { mock: { calls: unknown[][] } }) =>
  fetchMock.mock.calls.filter(([input]) => String(input).endsWith('/generate-download-link'))
    .length;

describe('payment success page', () => {
  test('verifies the payment, then offers "Download Your File" in a new tab', async () => {
    const answer = deferredResponse();
    const bodies: unknown[] = [];
    stubFetch({
      [ENDPOINT]: async (request) => {
        bodies.push(await request.json());
        return answer.promise;
      },
    });
    renderSuccess();

    expect(
      screen.getByRole('heading', { level: 1, name: 'Payment Successful!' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Verifying your payment...');

    answer.resolve(linkResponse('tok1'));

    const link = await screen.findByRole('link', { name: 'Download Your File' });
    expect(link).toHaveAttribute('href', '/api/downloads/tok1');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener');
    expect(bodies).toEqual([{ sessionId: 'cs_test_1' }]);
    expect(screen.queryByText('Verifying your payment...')).not.toBeInTheDocument();
    expect(
      screen.getByText(/^This link works for 15 minutes\. You can always get a fresh one from/),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'My Orders' })).toHaveAttribute('href', '/my-orders');
    expect(screen.getByRole('link', { name: 'Back to Products' })).toHaveAttribute(
      'href',
      '/products',
    );
  });

  test('a failure shows "Verification Failed" with the server message', async () => {
    stubFetch({
      [ENDPOINT]: () => jsonResponse({ message: 'Checkout session not found', code: 'X' }, 404),
    });
    renderSuccess();

    const alert = await screen.findByRole('alert', {}, { timeout: 4000 });
    expect(within(alert).getByRole('heading', { name: 'Verification Failed' })).toBeInTheDocument();
    expect(alert).toHaveTextContent('Checkout session not found');
    expect(screen.queryByRole('link', { name: 'Download Your File' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Products' })).toBeInTheDocument();
  });

  test('a failure without a server message shows the fallback text', async () => {
    stubFetch({ [ENDPOINT]: () => htmlResponse(502) });
    renderSuccess();

    const alert = await screen.findByRole('alert', {}, { timeout: 4000 });
    expect(alert).toHaveTextContent("Verification FailedWe couldn't generate your download link.");
  });

  test('a failed call is retried exactly once', async () => {
    const fetchMock = stubFetch({
      [ENDPOINT]: () => jsonResponse({ message: 'Database is down', code: 'X' }, 500),
    });
    renderSuccess();

    // With a second retry the failure would only show after a third call.
    expect(await screen.findByRole('alert', {}, { timeout: 4000 })).toHaveTextContent(
      'Database is down',
    );
    expect(linkCalls(fetchMock)).toBe(2);
  });

  test('coming back to the window does not ask for another link', async () => {
    const fetchMock = stubFetch({ [ENDPOINT]: () => linkResponse() });
    renderSuccess();
    await screen.findByRole('link', { name: 'Download Your File' });

    // Long after: the link is stale, so only the option keeps a focus from refetching.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 60 * 60_000);
    window.dispatchEvent(new Event('visibilitychange'));
    await new Promise((done) => setTimeout(done, 100));

    expect(linkCalls(fetchMock)).toBe(1);
  });

  test.each([
    ['without a session_id', ''],
    ['with an empty session_id', '?session_id='],
  ])('%s it shows the failure and calls nobody', async (_, search) => {
    const fetchMock = stubFetch();
    renderSuccess(search);

    const alert = screen.getByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'Verification Failed' })).toBeInTheDocument();
    expect(alert).toHaveTextContent("We couldn't generate your download link.");
    await new Promise((done) => setTimeout(done, 50));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  test('a payment not confirmed yet waits, and "Check again" asks once more', async () => {
    const answers = [notConfirmed, () => linkResponse('tok2')];
    const fetchMock = stubFetch({ [ENDPOINT]: () => answers.shift()!() });
    const { user } = renderSuccess();

    expect(
      await screen.findByRole('heading', { name: 'Waiting for payment confirmation' }),
    ).toBeInTheDocument();
    expect(screen.getByText(NOT_CONFIRMED)).toBeInTheDocument();
    expect(screen.queryByText('Verification Failed')).not.toBeInTheDocument();
    // Not retried at once: the page checks again on its own schedule.
    expect(linkCalls(fetchMock)).toBe(1);

    await user.click(screen.getByRole('button', { name: 'Check again' }));

    expect(await screen.findByRole('link', { name: 'Download Your File' })).toHaveAttribute(
      'href',
      '/api/downloads/tok2',
    );
    expect(linkCalls(fetchMock)).toBe(2);
  });

  test('a payment not confirmed yet is checked again automatically', async () => {
    const answers = [notConfirmed, () => linkResponse('tok3')];
    const fetchMock = stubFetch({ [ENDPOINT]: () => answers.shift()!() });
    renderSuccess();

    await screen.findByText(NOT_CONFIRMED);
    expect(
      await screen.findByRole('link', { name: 'Download Your File' }, { timeout: 4000 }),
    ).toHaveAttribute('href', '/api/downloads/tok3');
    expect(linkCalls(fetchMock)).toBe(2);
  });

  test('names the product bought, once the order behind the checkout is known', async () => {
    const requested: string[] = [];
    stubFetch({
      [ENDPOINT]: () => linkResponse('tok1'),
      'GET /api/orders/mine/checkouts/cs_test_1': (request) => {
        requested.push(new URL(request.url).pathname);
        return jsonResponse({
          _id: 'order0000000001',
          product: { _id: 'p1', title: 'Pocket Atlas', image: [], onSale: true },
          amountCents: 1250,
          subtotalCents: 1250,
          taxCents: 0,
          currency: 'USD',
          buyerCountry: null,
          buyerTaxId: null,
          status: 'paid',
          createdAt: '2026-01-02T12:00:00.000Z',
          paidAt: '2026-01-02T12:01:00.000Z',
          dispute: null,
          downloads: { used: 0, limit: null },
          checkoutUrl: null,
          licenseKey: null,
        });
      },
    });
    renderSuccess();

    expect(await screen.findByText('You bought Pocket Atlas.')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Download Your File' })).toBeInTheDocument();
    expect(requested).toEqual(['/api/orders/mine/checkouts/cs_test_1']);
  });

  test('without the product name (the lookup failed) the page works as before', async () => {
    stubFetch({
      [ENDPOINT]: () => linkResponse('tok1'),
      'GET /api/orders/mine/checkouts/cs_test_1': () =>
        jsonResponse({ message: 'Order not found', code: 'NOT_FOUND' }, 404),
    });
    renderSuccess();
    expect(await screen.findByRole('link', { name: 'Download Your File' })).toBeInTheDocument();
    expect(screen.queryByText(/^You bought/)).toBeNull();
  });
});
