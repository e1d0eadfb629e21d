import type { ButtonHTMLAttributes, ReactNode, Ref } from 'react';
import { Link, NavLink } from 'react-router';
import { cx } from './cx';
import { Spinner } from './spinner';

export interface ButtonLook {
  variant?: 'text' | 'outlined' | 'contained';
  size?: 'small' | 'medium' | 'large';
  /** `primary` (the default) or the surrounding text colour. */
  color?: 'primary' | 'inherit';
  fullWidth?: boolean;
  startIcon?: ReactNode;
  endIcon?: ReactNode;
  className?: string;
  children?: ReactNode;
}

/** The class names of a button of this look, for elements that are not a Button. */
export function buttonClassName({
  variant = 'text',
  size = 'medium',
  color = 'primary',
  fullWidth = false,
  className,
}: ButtonLook): string {
  return cx(
    'btn',
    variant !== 'text' && `btn--${variant}`,
    size !== 'medium' && `btn--${size}`,
    color === 'inherit' && 'btn--inherit',
    fullWidth && 'btn--full-width',
    className,
  );
}

function ButtonContent({ startIcon, endIcon, children }: ButtonLook) {
  return (
    <>
      {startIcon && <span className="btn__start-icon">{startIcon}</span>}
      {children}
      {endIcon && <span className="btn__end-icon">{endIcon}</span>}
    </>
  );
}

export type ButtonProps = ButtonLook &
  Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'color' | 'className' | 'children'> & {
    ref?: Ref<HTMLButtonElement>;
    /** Busy: disabled, with a small spinner in the start icon's place (MUI's `loading`). */
    loading?: boolean;
  };

/** A `<button>` that looks like MUI's Button; `type` defaults to "button". */
export function Button({
  loading = false,
  disabled,
  variant,
  size,
  color,
  fullWidth,
  startIcon,
  endIcon,
  className,
  children,
  type = 'button',
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      className={buttonClassName({ variant, size, color, fullWidth, className })}
      disabled={disabled || loading}
      {...rest}
    >
      <ButtonContent
        startIcon={loading ? <Spinner className="spinner--button" /> : startIcon}
        endIcon={endIcon}
      >
        {children}
      </ButtonContent>
    </button>
  );
}

export type LinkButtonProps = ButtonLook & {
  /** A route in the store (through the router) … */
  to?: string;
  /** … or an address outside it. */
  href?: string;
  /** A NavLink: gets `aria-current="page"` and the class `active` on its own route. */
  nav?: boolean;
  'aria-label'?: string;
  'aria-current'?: 'page';
  onClick?: () => void;
};

/** A link that looks like a Button. */
export function LinkButton({
  to,
  href,
  nav = false,
  startIcon,
  endIcon,
  children,
  onClick,
  'aria-label': ariaLabel,
  'aria-current': ariaCurrent,
  ...look
}: LinkButtonProps) {
  const className = buttonClassName(look);
  const content = (
    <ButtonContent startIcon={startIcon} endIcon={endIcon}>
      {children}
    </ButtonContent>
  );
  if (to === undefined) {
    return (
      <a
        href={href}
        className={className}
        aria-label={ariaLabel}
        aria-current={ariaCurrent}
        onClick={onClick}
      >
        {content}
      </a>
    );
  }
  const RouterLink = nav ? NavLink : Link;
  return (
    <RouterLink
      to={to}
      className={className}
      aria-label={ariaLabel}
      aria-current={ariaCurrent}
      onClick={onClick}
    >
      {content}
    </RouterLink>
  );
}
