import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton, { type IconButtonProps } from '@mui/material/IconButton';
import type { SxProps, Theme } from '@mui/material/styles';
import Tooltip from '@mui/material/Tooltip';
import type { ReactNode } from 'react';

export interface RowActionButtonProps {
  /** The short name the tooltip shows on hover and focus ("Delete"). */
  title: string;
  /** The accessible name, saying which row it acts on ("Delete order #1042"). */
  label: string;
  icon: ReactNode;
  onClick?: () => void;
  /** A file to download instead of an action (an invoice): the button is a link to it. */
  href?: string;
  color?: IconButtonProps['color'];
  disabled?: boolean;
}

/** A link's props for a button that downloads `href`, or none. */
const downloadProps = (href: string | undefined) =>
  href ? { component: 'a' as const, href, download: true } : {};

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
  href,
  color,
  disabled,
}: RowActionButtonProps) {
  const button = (
    <IconButton
      size="small"
      aria-label={label}
      color={color}
      disabled={disabled}
      onClick={onClick}
      {...downloadProps(href)}
    >
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

/** One thing that can be done to a row, as the grid's icon and a phone card's button show it. */
export interface RowAction {
  key: string;
  /** The visible name: the tooltip on the grid, the button's text on a phone. */
  title: string;
  /** The accessible name, naming the row. */
  label: string;
  icon: ReactNode;
  tone: 'primary' | 'inherit' | 'error';
  /** The icon's colour on the grid, when it differs from the tone (a quiet Edit). */
  iconColor?: IconButtonProps['color'];
  disabled?: boolean;
  onClick?: () => void;
  /** A file to download (an invoice) rather than something to do. */
  href?: string;
}

/** A grid's actions cell: icon buttons with tooltips, each reached with Tab. */
export function RowActionIcons({ actions, sx }: { actions: RowAction[]; sx?: SxProps<Theme> }) {
  return (
    <Box sx={[{ display: 'flex' }, ...(Array.isArray(sx) ? sx : [sx])]}>
      {actions.map((action) => (
        <RowActionButton
          key={action.key}
          title={action.title}
          label={action.label}
          icon={action.icon}
          color={action.iconColor ?? (action.tone === 'inherit' ? 'default' : action.tone)}
          disabled={action.disabled}
          onClick={action.onClick}
          href={action.href}
        />
      ))}
    </Box>
  );
}

/** A phone card's actions: buttons with their names in view. */
export function RowActionTexts({ actions, sx }: { actions: RowAction[]; sx?: SxProps<Theme> }) {
  return (
    <Box
      sx={[
        { display: 'flex', gap: 1, justifyContent: 'flex-end' },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      {actions.map((action) => (
        <Button
          key={action.key}
          size="small"
          variant="outlined"
          color={action.tone}
          startIcon={action.icon}
          aria-label={action.label}
          disabled={action.disabled}
          onClick={action.onClick}
          {...downloadProps(action.href)}
        >
          {action.title}
        </Button>
      ))}
    </Box>
  );
}
