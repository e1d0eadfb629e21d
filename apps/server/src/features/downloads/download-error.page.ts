import { escapeHtml, renderStorePage } from '../../store-page.js';

export const DownloadPageTexts = {
  heading: 'This download is not available',
  freshLink: 'Get a fresh link from My Orders',
  catalogue: 'Browse the catalogue',
} as const;

/**
 * What a buyer's tab shows when a download link is opened and cannot start (expired, not
 * valid, refunded, disputed, the file gone): the reason, and the way on to a fresh link.
 */
export function renderDownloadError(options: {
  storeName: string;
  message: string;
  /** The store's address for this request (decision 010). */
  storeUrl: string;
}) {
  const body = `<div class="card">
<h1>${escapeHtml(DownloadPageTexts.heading)}</h1>
<p>${escapeHtml(options.message)}</p>
<p class="actions">
<a class="button primary" href="${escapeHtml(`${options.storeUrl}/store/my-orders`)}">${escapeHtml(DownloadPageTexts.freshLink)}</a>
<a class="button secondary" href="${escapeHtml(`${options.storeUrl}/store/products`)}">${escapeHtml(DownloadPageTexts.catalogue)}</a>
</p>
</div>`;
  return renderStorePage({ storeName: options.storeName, title: DownloadPageTexts.heading, body });
}

/**
 * A browser opening the link (a navigation), rather than an API client: `Sec-Fetch-Mode:
 * navigate`, or an Accept header that ranks text/html above JSON.
 */
export function isPageRequest(headers: {
  'sec-fetch-mode'?: string | string[] | undefined;
  accept?: string | string[] | undefined;
}): boolean {
  if (headers['sec-fetch-mode'] === 'navigate') return true;
  const accept = headers.accept;
  if (typeof accept !== 'string') return false;
  const html = qualityOf(accept, ['text/html', 'application/xhtml+xml']);
  const json = qualityOf(accept, ['application/json']);
  return html > 0 && html > json;
}

/** The q-value an Accept header gives the first of these types it names exactly (0 if none). */
function qualityOf(accept: string, types: string[]): number {
  let best = 0;
  for (const part of accept.split(',')) {
    const [type = '', ...params] = part.trim().toLowerCase().split(';');
    if (!types.includes(type.trim())) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = q === undefined ? 1 : Number(q.slice(2));
    if (Number.isFinite(value)) best = Math.max(best, Math.min(1, value));
  }
  return best;
}
