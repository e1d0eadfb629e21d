import { cx } from './cx';

export interface SpinnerProps {
  /** Names the progress for screen readers; without it the spinner is hidden from them. */
  label?: string;
  className?: string;
}

/** An indeterminate progress circle, as MUI's CircularProgress draws it. */
export function Spinner({ label, className }: SpinnerProps) {
  return (
    <span
      className={cx('spinner', className)}
      role={label ? 'progressbar' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
    >
      <svg viewBox="22 22 44 44" width="40" height="40">
        <circle cx="44" cy="44" r="20.2" fill="none" strokeWidth="3.6" />
      </svg>
    </span>
  );
}
