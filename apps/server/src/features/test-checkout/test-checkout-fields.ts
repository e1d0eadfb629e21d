import { TestCheckoutMessages as T, formatMoney } from '@bindery/shared';
import { escapeHtml } from '../../store-page.js';
import { COUNTRIES } from './test-checkout-countries.js';
import type { TestCharge } from './test-checkout-tax.js';
import type { TestCheckoutSession } from './test-checkout.repo.js';
import type { CardField, CardForm } from './test-checkout.service.js';

/** The server's refusal and what was typed, shown again next to the fields. */
export interface FieldState {
  error?: { field: CardField; message: string } | undefined;
  values?: CardForm | undefined;
}

/** What the buyer typed in a field, shown again; never the security code. */
const typedIn = (state: FieldState, id: keyof CardForm) =>
  id === 'cvc' ? undefined : state.values?.[id]?.slice(0, 100);

/** The place a checked field's error is shown, and its attributes pointing there. */
function errorOf(state: FieldState, id: CardField) {
  const problem = state.error?.field === id ? state.error.message : undefined;
  const attributes = ` aria-describedby="${id}-error"${problem ? ' aria-invalid="true" autofocus' : ''}`;
  const paragraph = `<p class="field-error" id="${id}-error"${problem ? ' role="alert"' : ' hidden'}>${problem ? escapeHtml(problem) : ''}</p>`;
  return { attributes, paragraph };
}

/** One input with its label and, when checked, the place its error is shown (aria-describedby). */
export function renderInput(
  state: FieldState,
  id: keyof CardForm,
  label: string,
  attributes: string,
  options: { checked: boolean },
) {
  const typed = typedIn(state, id);
  const value = typed ? ` value="${escapeHtml(typed)}"` : '';
  if (!options.checked) {
    return `<label for="${id}">${escapeHtml(label)}</label>
<input id="${id}" name="${id}" ${attributes}${value}>`;
  }
  const shown = errorOf(state, id as CardField);
  return `<label for="${id}">${escapeHtml(label)}</label>
<input id="${id}" name="${id}" ${attributes}${value}${shown.attributes}>
${shown.paragraph}`;
}

/** The billing country: a required select of countries by name, ISO 3166-1 alpha-2 values. */
function renderCountrySelect(state: FieldState) {
  const chosen = typedIn(state, 'country')?.trim().toUpperCase() ?? '';
  const options = COUNTRIES.map(
    ({ code, name }) =>
      `<option value="${code}"${code === chosen ? ' selected' : ''}>${escapeHtml(name)}</option>`,
  ).join('');
  const shown = errorOf(state, 'country');
  return `<label for="country">${escapeHtml(T.country)}</label>
<select id="country" name="country" autocomplete="country" required${shown.attributes}><option value="">${escapeHtml(T.countryChoose)}</option>${options}</select>
${shown.paragraph}`;
}

/** What Stripe Tax's checkout asks besides the card: country, and a tax ID if the buyer has one. */
export function renderBillingFields(state: FieldState) {
  return `${renderCountrySelect(state)}
${renderInput(state, 'taxId', T.taxId, 'type="text" autocomplete="off" maxlength="40" spellcheck="false"', { checked: true })}`;
}

/** Subtotal, tax and total, as the buyer will be charged them. */
export function renderTotals(session: TestCheckoutSession, charge: TestCharge, locale: string) {
  const money = (amount: number) => escapeHtml(formatMoney(amount, session.currency, locale));
  const rate = session.taxRate ?? '';
  const taxLabel = session.taxBehavior === 'inclusive' ? T.taxIncluded(rate) : T.tax(rate);
  const row = (label: string, amount: number, className = '') =>
    `<div${className ? ` class="${className}"` : ''}><dt>${escapeHtml(label)}</dt><dd>${money(amount)}</dd></div>`;
  return `<dl class="totals">
${row(T.subtotal, charge.subtotal)}
${row(taxLabel, charge.tax)}
${row(T.total, charge.total, 'total')}
</dl>`;
}
