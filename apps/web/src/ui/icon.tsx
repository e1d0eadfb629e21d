import { cx } from './cx';
import { ICON_PATHS } from './icon-paths';

export type IconName = keyof typeof ICON_PATHS;

export interface IconProps {
  name: IconName;
  size?: 'small' | 'medium' | 'large';
  className?: string;
  /** Read aloud when given; otherwise the icon is decoration and hidden from screen readers. */
  title?: string;
}

/** A Material icon drawn in the current text colour, sized like MUI's SvgIcon. */
export function Icon({ name, size = 'medium', className, title }: IconProps) {
  return (
    <svg
      className={cx('icon', size !== 'medium' && `icon--${size}`, className)}
      viewBox="0 0 24 24"
      focusable="false"
      aria-hidden={title ? undefined : true}
      role={title ? 'img' : undefined}
      aria-label={title}
    >
      <path d={ICON_PATHS[name]} />
    </svg>
  );
}
