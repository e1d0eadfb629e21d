import { MailMessages, type OutboxMail, type OutboxResponse } from '@bindery/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, describe, expect, test } from 'vitest';
import { jsonResponse, stubFetch } from '../../../test/fetch';
import { renderRoutes } from '../../../test/render';
import { OutboxPage } from './outbox-page';

afterEach(() => {
  toast.dismiss();
});

const failedMail = (overrides: Partial<OutboxMail> = {}): OutboxMail => ({
  _id: 'mail000000000001',
  kind: 'receipt',
  to: 'ada@example.com',
  subject: 'Your receipt from Bindery: Pocket Atlas',
  status: 'failed',
  attempts: 1,
  lastError: '550 5.1.1 Mailbox unavailable',
  createdAt: '2026-11-20T10:00:00.000Z',
  nextAttemptAt: null,
  sentAt: null,
  deliveredBy: null,
  ...overrides,
});

const page = (mails: OutboxMail[], extra: Partial<OutboxResponse> = {}): OutboxResponse => ({
  mails,
  total: mails.length,
  page: 1,
  pages: mails.length > 0 ? 1 : 0,
  failed: mails.filter((mail) => mail.status === 'failed').length,
  delivery: 'smtp',
  ...extra,
});

function renderOutbox(initialEntry = '/email') {
  return renderRoutes([{ path: '/email', element: <OutboxPage /> }], { initialEntry });
}

describe('the email page', () => {
  test('lists failed email with the server’s reason; Retry queues it again and says so', async () => {
    let failed = [failedMail()];
    const requests: string[] = [];
    const fetch = stubFetch({
      'GET /api/admin/mail': (request) => {
        requests.push(new URL(request.url).search);
        return jsonResponse(page(failed));
      },
      'POST /api/admin/mail/mail000000000001/retry': () => {
        const queued = failedMail({
          status: 'pending',
          attempts: 0,
          nextAttemptAt: '2026-11-20T10:05:00.000Z',
        });
        failed = [];
        return jsonResponse({ mail: queued });
      },
    });
    const { user } = renderOutbox();

    expect(screen.getByRole('heading', { level: 1, name: 'Email' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Failed email' });
    const item = within(list).getByRole('listitem');
    expect(item).toHaveTextContent('Your receipt from Bindery: Pocket Atlas');
    expect(item).toHaveTextContent('Receipt to ada@example.com');
    expect(item).toHaveTextContent('550 5.1.1 Mailbox unavailable');
    expect(screen.getByRole('button', { name: 'Failed (1)' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(requests[0]).toBe('?status=failed&page=1');

    await user.click(
      within(item).getByRole('button', {
        name: 'Retry: Your receipt from Bindery: Pocket Atlas to ada@example.com',
      }),
    );
    expect(await screen.findByText(MailMessages.retried)).toBeInTheDocument();
    expect(await screen.findByText(MailMessages.noFailed)).toBeInTheDocument();
    expect(fetch.unexpected).toEqual([]);
  });

  test('a refused retry shows the server’s message', async () => {
    stubFetch({
      'GET /api/admin/mail': () =>
        jsonResponse(
          page([failedMail({ kind: 'password-reset', subject: 'Reset your Bindery password' })]),
        ),
      'POST /api/admin/mail/mail000000000001/retry': () =>
        jsonResponse({ message: MailMessages.expired, code: 'CONFLICT' }, 409),
    });
    const { user } = renderOutbox();
    await user.click(
      await screen.findByRole('button', { name: /^Retry: Reset your Bindery password/ }),
    );
    expect(
      await screen.findByText(MailMessages.retryFailed(MailMessages.expired)),
    ).toBeInTheDocument();
  });

  test('the Sent list comes from the address, and a store without SMTP says where email goes', async () => {
    const requests: string[] = [];
    stubFetch({
      'GET /api/admin/mail': (request) => {
        requests.push(new URL(request.url).search);
        return jsonResponse(
          page(
            [
              failedMail({
                status: 'sent',
                lastError: null,
                sentAt: '2026-11-20T10:00:05.000Z',
                deliveredBy: 'smtp',
              }),
              failedMail({
                _id: 'mail000000000002',
                status: 'sent',
                lastError: null,
                sentAt: '2026-11-20T10:00:06.000Z',
                deliveredBy: 'log',
              }),
            ],
            { delivery: 'log', failed: 0 },
          ),
        );
      },
    });
    renderOutbox('/email?status=sent');
    const list = await screen.findByRole('list', { name: 'Sent email' });
    const [bySmtp, toLog] = within(list).getAllByRole('listitem');
    expect(bySmtp).toHaveTextContent(/Sent Nov/);
    // Mail that only reached the server's log does not claim to have been sent.
    expect(toLog).toHaveTextContent(/Written to the log Nov/);
    expect(toLog).not.toHaveTextContent(/Sent Nov/);
    expect(within(list).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByText(MailMessages.logDelivery)).toBeInTheDocument();
    await waitFor(() => expect(requests).toContain('?status=sent&page=1'));
  });

  test('a failed load offers to try again', async () => {
    let calls = 0;
    stubFetch({
      'GET /api/admin/mail': () => {
        calls += 1;
        // The first load and its one automatic retry fail; the button's try succeeds.
        return calls <= 2
          ? jsonResponse({ message: 'Database unavailable', code: 'SERVICE_UNAVAILABLE' }, 503)
          : jsonResponse(page([]));
      },
    });
    const { user } = renderOutbox();
    expect(await screen.findByText(MailMessages.outboxLoadFailed)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(MailMessages.noFailed)).toBeInTheDocument();
  });
});
