import { TestCheckoutMessages as T, formatMoney } from '@bindery/shared';
import type { TestCheckoutSession } from './test-checkout.repo.js';
import { THEME, escapeHtml, renderStorePage } from '../../store-page.js';
import {
  renderBillingFields,
  renderInput,
  renderTotals,
  type FieldState,
} from './test-checkout-fields.js';
import { sessionChargeOf } from './test-checkout-tax.js';
import { CARD_FORM_SCRIPT } from './test-checkout.script.js';
import type { CardField, CardForm } from './test-checkout.service.js';

export { escapeHtml };

const STYLE = `
  .banner{margin:0 0 1.25rem;padding:.6rem .9rem;border-radius:${THEME.radius};background:#fef3c7;color:#78350f;border:1px solid #f59e0b;font-weight:600;text-align:center}
  .amount{margin:.25rem 0 1rem;font-size:1.75rem;font-weight:700}
  label{display:block;margin:.75rem 0 .25rem;font-weight:600;font-size:.95rem}
  input,select{width:100%;padding:.6rem .7rem;font:inherit;color:inherit;border:1px solid #8c93b8;border-radius:${THEME.radius};background:${THEME.paper}}
  input:focus,select:focus{outline:3px solid ${THEME.primary};outline-offset:1px;border-color:${THEME.primary}}
  [aria-invalid="true"]{border-color:${THEME.error}}
  .field-error{margin:.3rem 0 0;color:${THEME.error};font-size:.9rem;font-weight:600}
  .row{display:flex;gap:.75rem}.row>div{flex:1;min-width:0}
  button{width:100%;margin-top:1.25rem;padding:.75rem;font:inherit;font-weight:700;border:0;border-radius:${THEME.radius};cursor:pointer;background:${THEME.primary};color:#fff}
  button:hover{background:${THEME.primaryDark}}
  button.secondary{margin-top:.75rem;background:${THEME.paper};color:${THEME.primaryDark};border:1px solid ${THEME.primary};font-weight:600}
  .included{margin:-.75rem 0 1rem;color:${THEME.textMuted}}
  .totals{margin:0 0 1rem;padding:.5rem 0;border-top:1px solid ${THEME.border};border-bottom:1px solid ${THEME.border}}
  .totals div{display:flex;justify-content:space-between;gap:1rem;padding:.2rem 0}
  .totals dt{color:${THEME.textMuted}}.totals dd{margin:0;font-variant-numeric:tabular-nums}
  .totals .total dt,.totals .total dd{color:inherit;font-weight:700}
  .hint{margin:1rem 0 0;font-size:.9rem;color:${THEME.textMuted}}
`;

const banner = `<p class="banner" role="note">${escapeHtml(T.banner)}</p>`;

export interface CheckoutFormView {
  storeName: string;
  /** STORE_LOCALE: how the amount is written, in the session's currency. */
  locale: string;
  session: TestCheckoutSession;
  /** The server's refusal, shown next to the field it is about. */
  error?: { field: CardField; message: string } | undefined;
  /**
   * What the buyer typed, shown again after a refusal so one field can be corrected. The
   * security code is never sent back, as on a real checkout: somebody may type a real card here.
   */
  values?: CardForm | undefined;
}

/** The card form; the page's script checks it before it posts (the server checks again). */
export function renderCheckoutForm({
  storeName,
  locale,
  session,
  error,
  values,
}: CheckoutFormView) {
  const charge = sessionChargeOf(session);
  const money = (amount: number) => formatMoney(amount, session.currency, locale);
  const amount = money(charge?.total ?? session.amountCents);
  const base = `/checkout/test/${encodeURIComponent(session.id)}`;
  const state: FieldState = { error, values };
  const input = (
    id: keyof CardForm,
    label: string,
    attributes: string,
    options: { checked: boolean },
  ) => renderInput(state, id, label, attributes, options);
  // With tax the charge is itemised, as Stripe Tax's checkout does; without, the page is as before.
  const included =
    charge && session.taxBehavior === 'inclusive'
      ? `\n<p class="included">${escapeHtml(T.includesTax(money(charge.tax)))}</p>`
      : '';
  const totals = charge ? `\n${renderTotals(session, charge, locale)}` : '';
  const billing = charge ? `\n${renderBillingFields(state)}` : '';
  const body = `${banner}
<div class="card">
<h1>${escapeHtml(session.productTitle)}</h1>
<p class="amount">${escapeHtml(amount)}</p>${included}${totals}
<form id="pay-form" method="post" action="${base}/pay" novalidate>
${input('cardNumber', T.cardNumber, 'type="text" autocomplete="cc-number" inputmode="numeric" maxlength="23" placeholder="1234 1234 1234 1234" required', { checked: true })}
<div class="row">
<div>
${input('expiry', T.expiry, 'type="text" autocomplete="cc-exp" inputmode="numeric" maxlength="7" placeholder="MM/YY" required', { checked: true })}
</div>
<div>
${input('cvc', T.cvc, 'type="text" autocomplete="cc-csc" inputmode="numeric" maxlength="4" placeholder="123" required', { checked: true })}
</div>
</div>
${input('name', T.nameOnCard, 'type="text" autocomplete="cc-name" maxlength="100"', { checked: false })}${billing}
<button type="submit">${escapeHtml(T.pay(amount))}</button>
</form>
<p class="hint">${escapeHtml(T.testCards)} ${escapeHtml(T.testCardsMore)}</p>
<form method="post" action="${base}/cancel">
<button type="submit" class="secondary">${escapeHtml(T.cancel)}</button>
</form>
</div>`;
  return renderStorePage({
    storeName,
    title: `Pay ${amount}`,
    body,
    style: STYLE,
    tail: `<script>${CARD_FORM_SCRIPT}</script>\n`,
  });
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
      ? `<a class="button primary" href="${escapeHtml(options.successUrl)}">${escapeHtml(T.toDownload)}</a>`
      : '',
    `<a class="button ${options.successUrl ? 'secondary' : 'primary'}" href="${escapeHtml(options.storeUrl)}">${escapeHtml(T.backToStore)}</a>`,
  ].filter(Boolean);
  const body = `${banner}
<div class="card">
<h1>${escapeHtml(options.message)}</h1>
<p class="actions">${links.join('\n')}</p>
</div>`;
  return renderStorePage({
    storeName: options.storeName,
    title: options.message,
    body,
    style: STYLE,
  });
}
