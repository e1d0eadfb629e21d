import type { ChangeEventHandler, FocusEventHandler, Ref } from 'react';
import { cx } from '../../../ui/cx';

export interface AuthTextFieldProps {
  id: string;
  name: string;
  label: string;
  type?: 'text' | 'email' | 'password';
  autoComplete?: string;
  /** Marks the field as the one the form's message is about. */
  error?: boolean;
  /** react-hook-form's register(), as MUI's TextField took it. */
  inputRef?: Ref<HTMLInputElement>;
  onChange?: ChangeEventHandler<HTMLInputElement>;
  onBlur?: FocusEventHandler<HTMLInputElement>;
}

/** An outlined text field as MUI draws one, its label resting in a gap of the outline. */
export function AuthTextField({
  id,
  label,
  type = 'text',
  error = false,
  inputRef,
  ...input
}: AuthTextFieldProps) {
  return (
    <div className={cx('text-field', 'auth-field', error && 'auth-field--error')}>
      <label htmlFor={id} className="text-field__label">
        {label}
      </label>
      <div className="text-field__box">
        <input
          {...input}
          id={id}
          ref={inputRef}
          type={type}
          className="text-field__input"
          aria-invalid={error}
        />
        <fieldset aria-hidden className="text-field__outline">
          <legend>
            <span>{label}</span>
          </legend>
        </fieldset>
      </div>
    </div>
  );
}
