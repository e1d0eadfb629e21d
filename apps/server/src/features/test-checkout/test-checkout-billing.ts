import { TestCheckoutMessages } from '@bindery/shared';
import { isKnownCountry } from './test-checkout-countries.js';
import type { TestBuyer } from './test-checkout-sessions.js';

/** The billing fields a taxed checkout asks for, as typed. */
export interface BillingForm {
  name: string;
  country: string;
  taxId: string;
}

export const TAX_ID_MAX = 40;
const TAX_ID_SHAPE = /^[A-Za-z0-9 .-]*$/;

/**
 * The billing details of a taxed checkout, or what is wrong with them: the country is required
 * and must be one the page offers; a tax ID is optional, short, and made of the characters tax
 * IDs use.
 */
export function checkBilling(
  form: BillingForm,
): { ok: true; buyer: TestBuyer } | { ok: false; field: 'country' | 'taxId'; message: string } {
  const country = form.country.trim().toUpperCase();
  if (!isKnownCountry(country)) {
    return { ok: false, field: 'country', message: TestCheckoutMessages.countryInvalid };
  }
  const taxId = form.taxId.trim();
  if (taxId.length > TAX_ID_MAX || !TAX_ID_SHAPE.test(taxId)) {
    return { ok: false, field: 'taxId', message: TestCheckoutMessages.taxIdInvalid };
  }
  const name = form.name.trim();
  return {
    ok: true,
    buyer: { name: name || null, country, taxId: taxId ? taxId.toUpperCase() : null },
  };
}
