import { useId, useRef } from 'react';
import { currencySign } from '../../../lib/money';
import { useTypedBeforeHydration } from '../../../lib/use-typed-before-hydration';
import type { ChosenAmount } from './use-chosen-amount';

const LABEL = 'Your price';

/** A pay-what-you-want product's amount: the buyer's own, with the floor or why it is too low. */
export function AmountField({ chosen }: { chosen: ChosenAmount }) {
  const inputId = useId();
  const messageId = useId();
  const sign = currencySign();
  const inputRef = useRef<HTMLInputElement>(null);
  useTypedBeforeHydration(inputRef, chosen.text, chosen.setText);
  const adornment = <span className="text-field__adornment amount-field__sign">{sign.sign}</span>;
  return (
    <div className="amount-field">
      <div className={chosen.error ? 'text-field discount-code__field--error' : 'text-field'}>
        <label htmlFor={inputId} className="text-field__label">
          {LABEL}
        </label>
        <div className="text-field__box">
          {sign.isBefore && adornment}
          <input
            ref={inputRef}
            id={inputId}
            name="amount"
            className="text-field__input"
            inputMode="decimal"
            autoComplete="off"
            value={chosen.text}
            onChange={(event) => chosen.setText(event.target.value)}
            aria-invalid={chosen.error ? true : undefined}
            aria-describedby={messageId}
          />
          {!sign.isBefore && adornment}
          <fieldset aria-hidden className="text-field__outline">
            <legend>
              <span>{LABEL}</span>
            </legend>
          </fieldset>
        </div>
      </div>
      <p
        id={messageId}
        aria-live="polite"
        className={
          chosen.error
            ? 'amount-field__message discount-code__message--error t-body2'
            : 'amount-field__message t-body2 t-secondary'
        }
      >
        {chosen.error ?? chosen.hint}
      </p>
    </div>
  );
}
