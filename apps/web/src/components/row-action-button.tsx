import IconButton, { type IconButtonProps } from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import type { ReactNode } from 'react';

export interface RowActionButtonProps {
  /** The short name the tooltip shows on hover and focus ("Delete"). */
  title: string;
  /** The accessible name, saying which row it acts on ("Delete order #1042"). */
  label: string;
  icon: ReactNode;
  onClick: () => void;
  color?: IconButtonProps['color'];
  disabled?: boolean;
}

/**
 * An icon action of a table row: a real button, reached with Tab in the page's order (not the
 * grid's roving focus, which leaves every action but the focused cell's out of it), named for
 * screen readers and explained by a tooltip on hover and keyboard focus.
 */
export function RowActionButton({
  title,
  label,
  icon,
  onClick,
  color,
  disabled,
}: RowActionButtonProps) {
  const button = (
    <IconButton size="small" aria-label={label} color={color} disabled={disabled} onClick={onClick}>
      {icon}
    </IconButton>
  );
  return (
    <Tooltip title={title} describeChild>
      {/* A disabled button fires no events: the span still shows why it is there. */}
      {disabled ? <span>{button}</span> : button}
    </Tooltip>
  );
}
