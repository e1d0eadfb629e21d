import { ORDER_STATUSES, OrderMessages, type OrderStatus } from '@bindery/shared';
import BlockIcon from '@mui/icons-material/Block';
import CheckCircleOutlinedIcon from '@mui/icons-material/CheckCircleOutlined';
import HelpOutlineOutlinedIcon from '@mui/icons-material/HelpOutlineOutlined';
import HourglassEmptyIcon from '@mui/icons-material/HourglassEmpty';
import UndoIcon from '@mui/icons-material/Undo';
import Chip from '@mui/material/Chip';
import { darken, lighten, type Theme } from '@mui/material/styles';
import type { ReactElement } from 'react';

export function isOrderStatus(value: string): value is OrderStatus {
  return (ORDER_STATUSES as readonly string[]).includes(value);
}

type Tone = 'warning' | 'success' | 'info' | 'error';

export interface OrderChipProps {
  label: string;
  icon: ReactElement;
  /** A palette colour, tinted; none for the neutral grey of a canceled order. */
  tone: Tone | null;
}

const LOOKS: Record<OrderStatus, OrderChipProps> = {
  pending: { label: 'Pending', icon: <HourglassEmptyIcon />, tone: 'warning' },
  paid: { label: 'Paid', icon: <CheckCircleOutlinedIcon />, tone: 'success' },
  canceled: { label: 'Canceled', icon: <BlockIcon />, tone: null },
  refunded: { label: 'Refunded', icon: <UndoIcon />, tone: 'info' },
};

/**
 * Dark text on a pale tint of the colour, as MUI's standard alerts do: the palette's own
 * warning and info colours under white text fall short of WCAG AA (about 3:1 and 4:1).
 */
function toneSx(tone: Tone | null) {
  return (theme: Theme) => {
    if (!tone) {
      return { color: theme.palette.grey[800], bgcolor: theme.palette.grey[200] };
    }
    const main = theme.palette[tone].main;
    return { color: darken(main, 0.4), bgcolor: lighten(main, 0.9) };
  };
}

/** The order's status as a chip with text and an icon, never colour alone; others "Unknown". */
export function OrderStatusChip({ status }: { status: string }) {
  if (!isOrderStatus(status)) {
    return (
      <Chip
        size="small"
        variant="outlined"
        icon={<HelpOutlineOutlinedIcon />}
        label={OrderMessages.unknownStatus}
        sx={{ fontWeight: 600, color: 'text.secondary', '& .MuiChip-icon': { color: 'inherit' } }}
      />
    );
  }
  const look = LOOKS[status];
  return <OrderChip {...look} />;
}

/** A flag on an order ("Disputed", "Needs review") in the same look as its status. */
export function OrderChip({ label, icon, tone }: OrderChipProps) {
  return (
    <Chip
      size="small"
      icon={icon}
      label={label}
      sx={[{ fontWeight: 600, '& .MuiChip-icon': { color: 'inherit' } }, toneSx(tone)]}
    />
  );
}
