import { TestCheckoutMessages as T, formatCents } from '@bindery/shared';
import type { TestCheckoutSession } from '../../adapters/payments/test-checkout.js';

/** Everything shown is escaped: product titles and store names are text, never markup. */
export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

// Inline styles only: the page has no script at all (CSP script-src 'self').
const STYLE = `
  *{box-sizing:border-box}
  body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f2937;background:#f3f4f6}
  main{max-width:28rem;margin:0 auto;padding:1.5rem 1rem 3rem}
  .banner{margin:0 0 1.25rem;padding:.6rem .9rem;border-radius:.5rem;background:#fef3c7;color:#78350f;border:1px solid #f59e0b;font-weight:600;text-align:center}
  .card{background:#fff;border-radius:.75rem;padding:1.25rem;box-shadow:0 1px 3px rgba(0,0,0,.12)}
  .store{margin:0;font-size:.95rem;color:#4b5563}
  h1{margin:.25rem 0 0;font-size:1.25rem}
  .amount{margin:.25rem 0 1rem;font-size:1.75rem;font-weight:700}
  label{display:block;margin:.75rem 0 .25rem;font-weight:600;font-size:.95rem}
  input{width:100%;padding:.6rem .7rem;font:inherit;border:1px solid #9ca3af;border-radius:.4rem;background:#fff}
  input:focus{outline:3px solid #93c5fd;border-color:#2563eb}
  .row{display:flex;gap:.75rem}.row>div{flex:1}
  button{width:100%;margin-top:1.25rem;padding:.75rem;font:inherit;font-weight:700;border:0;border-radius:.5rem;cursor:pointer;background:#2563eb;color:#fff}
  button:focus-visible{outline:3px solid #93c5fd;outline-offset:2px}
  button.secondary{margin-top:.75rem;background:#fff;color:#1f2937;border:1px solid #9ca3af;font-weight:600}
  .error{margin:0 0 .5rem;padding:.6rem .8rem;border-radius:.4rem;background:#fee2e2;color:#991b1b;border:1px solid #fca5a5}
  .hint{margin:1rem 0 0;font-size:.9rem;color:#4b5563}
  a{color:#1d4ed8}
`;

function layout(storeName: string, title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · ${escapeHtml(storeName)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<p class="banner" role="note">${escapeHtml(T.banner)}</p>
${body}
</main>
</body>
</html>
`;
}

export interface CheckoutFormView {
  storeName: string;
  session: TestCheckoutSession;
  error?: string | undefined;
  values?: { expiry: string; name: string } | undefined;
}

/** The card form; the card number and CVC are never written back into the page. */
export function renderCheckoutForm({ storeName, session, error, values }: CheckoutFormView) {
  const amount = formatCents(session.amountCents);
  const base = `/checkout/test/${encodeURIComponent(session.id)}`;
  const value = (text: string | undefined) =>
    text ? ` value="${escapeHtml(text.slice(0, 100))}"` : '';
  const body = `<div class="card">
<p class="store">${escapeHtml(storeName)}</p>
<h1>${escapeHtml(session.productTitle)}</h1>
<p class="amount">${escapeHtml(amount)}</p>
${error ? `<p class="error" role="alert" id="card-error">${escapeHtml(error)}</p>` : ''}
<form method="post" action="${base}/pay" novalidate>
<label for="cardNumber">${escapeHtml(T.cardNumber)}</label>
<input id="cardNumber" name="cardNumber" type="text" autocomplete="cc-number" inputmode="numeric" maxlength="23" placeholder="1234 1234 1234 1234" required${error ? ' aria-describedby="card-error"' : ''}>
<div class="row">
<div>
<label for="expiry">${escapeHtml(T.expiry)}</label>
<input id="expiry" name="expiry" type="text" autocomplete="cc-exp" inputmode="numeric" maxlength="7" placeholder="MM/YY" required${value(values?.expiry)}>
</div>
<div>
<label for="cvc">${escapeHtml(T.cvc)}</label>
<input id="cvc" name="cvc" type="text" autocomplete="cc-csc" inputmode="numeric" maxlength="4" placeholder="123" required>
</div>
</div>
<label for="name">${escapeHtml(T.nameOnCard)}</label>
<input id="name" name="name" type="text" autocomplete="cc-name" maxlength="100"${value(values?.name)}>
<button type="submit">${escapeHtml(T.pay(amount))}</button>
</form>
<p class="hint">${escapeHtml(T.testCards)} ${escapeHtml(T.testCardsMore)}</p>
<form method="post" action="${base}/cancel">
<button type="submit" class="secondary">${escapeHtml(T.cancel)}</button>
</form>
</div>`;
  return layout(storeName, `Pay ${amount}`, body);
}

/** A checkout that cannot be paid (expired, already paid, unknown) or a refused request. */
export function renderMessage(options: {
  storeName: string;
  message: string;
  storeUrl: string;
  successUrl?: string | undefined;
}) {
  const links = [
    options.successUrl
      ? `<a href="${escapeHtml(options.successUrl)}">${escapeHtml(T.toDownload)}</a>`
      : '',
    `<a href="${escapeHtml(options.storeUrl)}">${escapeHtml(T.backToStore)}</a>`,
  ].filter(Boolean);
  const body = `<div class="card">
<p class="store">${escapeHtml(options.storeName)}</p>
<h1>${escapeHtml(options.message)}</h1>
<p>${links.join(' · ')}</p>
</div>`;
  return layout(options.storeName, options.message, body);
}
