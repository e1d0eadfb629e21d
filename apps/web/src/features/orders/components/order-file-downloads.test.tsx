import { ErrorCode, OrderMessages } from '@bindery/shared';
import { screen, waitFor } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { jsonResponse, stubFetch } from '../../../test/fetch';
import { renderRoutes } from '../../../test/render';
import { OrderFileDownloads } from './order-file-downloads';

afterEach(() => {
  toast.dismiss();
  vi.unstubAllGlobals();
});

const ORDER = 'order00000000001';
const files = [
  { id: 'filepdf000000001', name: 'Print PDF', format: 'pdf', size: 2 * 1024 * 1024 },
  { id: 'fileepub00000001', name: 'EPUB edition', format: 'epub', size: 512 * 1024 },
];

const render = (props: { skipFirst?: boolean; isDownloadable?: boolean } = {}) =>
  renderRoutes(
    [
      {
        path: '/my-orders',
        element: (
          <OrderFileDownloads
            orderId={ORDER}
            isDownloadable={props.isDownloadable ?? true}
            skipFirst={props.skipFirst}
            single={<button type="button">Download</button>}
          />
        ),
      },
    ],
    { initialEntry: '/my-orders' },
  );

describe('an order’s files', () => {
  test('several files: one named button each, and a click downloads that file', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const asked: string[] = [];
    stubFetch({
      [`GET /api/orders/${ORDER}/files`]: () => jsonResponse({ files }),
      [`POST /api/orders/${ORDER}/files/fileepub00000001/download-link`]: (request) => {
        asked.push(request.url);
        return jsonResponse({
          downloadUrl: '/api/downloads/t2',
          expiresAt: '2030-01-01T00:00:00Z',
        });
      },
    });
    const { user } = render();
    const epub = await screen.findByRole('button', {
      name: 'Download EPUB edition (EPUB, 0.5 MB)',
    });
    expect(
      screen.getByRole('button', { name: 'Download Print PDF (PDF, 2.0 MB)' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Download' })).not.toBeInTheDocument();
    await user.click(epub);
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/api/downloads/t2'));
    expect(asked).toHaveLength(1);
  });

  test('one file: the usual Download, as before', async () => {
    let listed = false;
    stubFetch({
      [`GET /api/orders/${ORDER}/files`]: () => {
        listed = true;
        return jsonResponse({ files: files.slice(0, 1) });
      },
    });
    render();
    await waitFor(() => expect(listed).toBe(true));
    expect(screen.getByRole('button', { name: 'Download' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Print PDF/ })).not.toBeInTheDocument();
  });

  test('the success page lists the files after the first; a used-up file says so', async () => {
    stubFetch({
      [`GET /api/orders/${ORDER}/files`]: () => jsonResponse({ files }),
      [`POST /api/orders/${ORDER}/files/fileepub00000001/download-link`]: () =>
        jsonResponse(
          { message: OrderMessages.downloadLimitReached, code: ErrorCode.forbidden },
          403,
        ),
    });
    const { user } = render({ skipFirst: true });
    expect(await screen.findByText('Also in this order:')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Print PDF/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /EPUB edition/ }));
    expect(await screen.findByText(OrderMessages.downloadLimitReached)).toBeInTheDocument();
  });

  test('an order whose files are held asks for nothing', () => {
    stubFetch({});
    render({ isDownloadable: false });
    expect(screen.getByRole('button', { name: 'Download' })).toBeInTheDocument();
  });
});
