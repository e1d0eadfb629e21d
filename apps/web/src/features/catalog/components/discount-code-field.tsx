import { useId, useRef, type RefObject } from 'react';
import { useHref } from 'react-router';
import { useTypedBeforeHydration } from '../../../lib/use-typed-before-hydration';
import { Button } from '../../../ui/button';
import type { DiscountCodeState } from './use-discount-code';
import './discount-code.css';

const LABEL = 'Discount code';

/** "Have a code?", then the code's field with Apply, and what the code did under it. */
export function DiscountCodeField({
  state,
  productId,
}: {
  state: DiscountCodeState;
  productId: string;
}) {
  const pageHref = useHref(`/product/${encodeURIComponent(productId)}`);
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const isOpenedByBuyer = useRef(false);
  useTypedBeforeHydration(inputRef, state.text, state.setText);
  const messageId = useId();
  const message = state.refusal ?? (state.discount ? `Code ${state.discount.code} applied.` : '');
  return (
    // A disclosure and a form that work before the app runs too: the browser opens the
    // details, and Apply then loads the page with ?code=, which the server renders filled in.
    <details
      className="discount-code"
      open={state.isOpenAtFirst || undefined}
      onToggle={(event) => {
        // The link hides as the field opens: the buyer who opened it goes on to the field.
        if (event.currentTarget.open && isOpenedByBuyer.current) inputRef.current?.focus();
      }}
    >
      <summary
        className="discount-code__reveal t-body2"
        onClick={() => {
          isOpenedByBuyer.current = true;
        }}
      >
        Have a code?
      </summary>
      <form
        method="get"
        action={pageHref}
        aria-label="Apply a discount code"
        onSubmit={(event) => {
          event.preventDefault();
          state.apply();
        }}
      >
        <div className="discount-code__row">
          <CodeInput state={state} inputId={inputId} inputRef={inputRef} messageId={messageId} />
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
    </details>
  );
}

/** The code's outlined field, as MUI draws one, its label resting in a gap of the outline. */
function CodeInput({
  state,
  inputId,
  inputRef,
  messageId,
}: {
  state: DiscountCodeState;
  inputId: string;
  inputRef: RefObject<HTMLInputElement | null>;
  messageId: string;
}) {
  return (
    <div className={state.refusal ? 'text-field discount-code__field--error' : 'text-field'}>
      <label htmlFor={inputId} className="text-field__label">
        {LABEL}
      </label>
      <div className="text-field__box">
        <input
          ref={inputRef}
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
  );
}
