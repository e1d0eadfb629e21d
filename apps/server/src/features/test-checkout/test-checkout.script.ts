import { createHash } from 'node:crypto';
import { TestCheckoutMessages as T } from '@bindery/shared';

/** The specification's words for each problem, as the server's check uses them. */
const MESSAGES = JSON.stringify({
  cardNumber: T.cardNumberInvalid,
  expiryInvalid: T.expiryInvalid,
  expiryInPast: T.expiryInPast,
  cvc: T.cvcInvalid,
  country: T.countryInvalid,
  taxId: T.taxIdInvalid,
}).replaceAll('<', '\\u003c');

/**
 * The card form's own check, run in the page before it posts: the same rules and words as the
 * server's (which still decides), so a typo is shown next to its field, focus goes to the first
 * wrong one, and nothing typed is cleared. The expiry is written as MM/YY while it is typed
 * (`1234` → `12/34`). Plain JavaScript for the buyer's browser, kept as text: the page's CSP
 * allows exactly this script by its hash.
 */
export const CARD_FORM_SCRIPT = `(function (messages) {
  'use strict';
  const form = document.getElementById('pay-form');
  if (!form) return;
  const cardNumber = form.elements.namedItem('cardNumber');
  const expiry = form.elements.namedItem('expiry');
  const cvc = form.elements.namedItem('cvc');
  // Billing details are asked only when the checkout charges tax.
  const country = form.elements.namedItem('country');
  const taxId = form.elements.namedItem('taxId');
  const checked = [cardNumber, expiry, cvc, country, taxId].filter(Boolean);

  function isLuhnValid(digits) {
    let sum = 0;
    for (let i = 0; i < digits.length; i += 1) {
      let digit = Number(digits[digits.length - 1 - i]);
      if (i % 2 === 1) {
        digit *= 2;
        if (digit > 9) digit -= 9;
      }
      sum += digit;
    }
    return sum % 10 === 0;
  }

  function problemOf(input) {
    const value = input.value.trim();
    if (input === cardNumber) {
      const number = value.replace(/ /g, '');
      return /^\\d{12,19}$/.test(number) && isLuhnValid(number) ? null : messages.cardNumber;
    }
    if (input === expiry) {
      const match = /^(\\d{1,2}) ?\\/ ?(\\d{2})$/.exec(value);
      const month = match ? Number(match[1]) : 0;
      if (!match || month < 1 || month > 12) return messages.expiryInvalid;
      const now = new Date();
      const year = 2000 + Number(match[2]);
      // A card works until the end of its expiry month.
      return year * 12 + month < now.getFullYear() * 12 + now.getMonth() + 1
        ? messages.expiryInPast
        : null;
    }
    if (input === country) return value ? null : messages.country;
    if (input === taxId) {
      return value.length <= 40 && /^[A-Za-z0-9 .-]*$/.test(value) ? null : messages.taxId;
    }
    return /^\\d{3,4}$/.test(value) ? null : messages.cvc;
  }

  function show(input, problem) {
    const error = document.getElementById(input.id + '-error');
    error.textContent = problem || '';
    error.hidden = !problem;
    if (problem) input.setAttribute('aria-invalid', 'true');
    else input.removeAttribute('aria-invalid');
  }

  // MM/YY as it is typed or pasted; deleting is left alone so the slash can be erased.
  expiry.addEventListener('input', function (event) {
    if (String(event.inputType || '').indexOf('delete') === 0) return;
    let digits = expiry.value.replace(/\\D/g, '').slice(0, 4);
    if (digits.length === 1 && digits > '1') digits = '0' + digits;
    const formatted = digits.length >= 2 ? digits.slice(0, 2) + '/' + digits.slice(2) : digits;
    if (formatted !== expiry.value) expiry.value = formatted;
  });

  // A field shown wrong is checked again as it changes, so its message goes once it is right.
  checked.forEach(function (input) {
    input.addEventListener(input === country ? 'change' : 'input', function () {
      if (input.getAttribute('aria-invalid') === 'true' && !problemOf(input)) show(input, null);
    });
  });

  form.addEventListener('submit', function (event) {
    let first = null;
    checked.forEach(function (input) {
      const problem = problemOf(input);
      show(input, problem);
      if (problem && !first) first = input;
    });
    if (first) {
      event.preventDefault();
      first.focus();
    }
  });
})(${MESSAGES});`;

/** Its SHA-256, which the page's Content-Security-Policy names so this script alone may run. */
export const CARD_FORM_SCRIPT_HASH = createHash('sha256').update(CARD_FORM_SCRIPT).digest('base64');
