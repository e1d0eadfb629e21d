import { useId } from 'react';
import { Button } from '../../../ui/button';
import type { DiscountCodeState } from './use-discount-code';
import './discount-code.css';

const LABEL = 'Discount code';

/** "Have a code?", then the code's field with Apply, and what the code did under it. */
export function DiscountCodeField({ state }: { state: DiscountCodeState }) {
  const inputId = useId();
  const messageId = useId();
  if (!state.isOpen) {
    return (
      <p className="discount-code__reveal t-body2">
        <button type="button" className="discount-code__reveal-button" onClick={state.open}>
          Have a code?
        </button>
      </p>
    );
  }
  const message = state.refusal ?? (state.discount ? `Code ${state.discount.code} applied.` : '');
  return (
    <form
      className="discount-code"
      aria-label="Apply a discount code"
      onSubmit={(event) => {
        event.preventDefault();
        state.apply();
      }}
    >
      <div className="discount-code__row">
        {/* An outlined field as MUI draws one, its label resting in a gap of the outline. */}
        <div className={state.refusal ? 'text-field discount-code__field--error' : 'text-field'}>
          <label htmlFor={inputId} className="text-field__label">
            {LABEL}
          </label>
          <div className="text-field__box">
            <input
              id={inputId}
              name="code"
              className="text-field__input"
              value={state.text}
              onChange={(event) => state.setText(event.target.value)}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              aria-invalid={state.refusal ? true : undefined}
              aria-describedby={messageId}
            />
            <fieldset aria-hidden className="text-field__outline">
              <legend>
                <span>{LABEL}</span>
              </legend>
            </fieldset>
          </div>
        </div>
        <Button type="submit" variant="outlined" loading={state.isChecking}>
          Apply
        </Button>
      </div>
      <p
        id={messageId}
        aria-live="polite"
        className={
          state.refusal
            ? 'discount-code__message discount-code__message--error t-body2'
            : 'discount-code__message t-body2'
        }
      >
        {message}
      </p>
    </form>
  );
}
