import { ReceiptMessages } from '@bindery/shared';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EmailOutlinedIcon from '@mui/icons-material/EmailOutlined';
import LockOpenOutlinedIcon from '@mui/icons-material/LockOpenOutlined';
import MoneyOffOutlinedIcon from '@mui/icons-material/MoneyOffOutlined';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { ReactNode } from 'react';
import { RowActionButton } from '../../../components/row-action-button';
import type { AdminOrderRow } from '../api/list-orders';
import { canResetDownloads, type OrderRowActions } from './order-cells';
import { useResendReceiptAction, type ResendReceiptAction } from './resend-receipt-action';

/** One thing the admin can do to an order, as the grid's icon and the phone card's button show it. */
interface OrderAction {
  key: string;
  /** The visible name: the tooltip on the grid, the button's text on a phone. */
  title: string;
  /** The accessible name, naming the order. */
  label: string;
  icon: ReactNode;
  tone: 'primary' | 'inherit' | 'error';
  disabled?: boolean;
  onClick: () => void;
}

/**
 * What can be done to this order, in the order shown; the server decides what is refundable.
 * A new action is one more entry here: the grid and the phone card both list these.
 */
function orderActionsOf(
  row: AdminOrderRow,
  actions: OrderRowActions,
  resend: ResendReceiptAction,
): OrderAction[] {
  const { onDelete, onRefund, onGrantAccess, onResetDownloads, grantingId } = actions;
  const offered: Array<OrderAction | false> = [
    row.reviewReason !== null && {
      key: 'grant',
      title: 'Grant access',
      label: `Grant access to order ${row._id}`,
      icon: <LockOpenOutlinedIcon />,
      tone: 'primary',
      disabled: grantingId !== null,
      onClick: () => onGrantAccess(row._id),
    },
    canResetDownloads(row) && {
      key: 'reset-downloads',
      title: 'Reset downloads',
      label: `Reset downloads of order ${row._id}`,
      icon: <RestartAltIcon />,
      tone: 'inherit',
      onClick: () => onResetDownloads(row),
    },
    // Only a paid order has a receipt to send again.
    row.status === 'paid' && {
      key: 'resend-receipt',
      title: ReceiptMessages.resend,
      label: resend.label,
      icon: <EmailOutlinedIcon />,
      tone: 'inherit',
      disabled: resend.isSending,
      onClick: resend.send,
    },
    row.canRefund && {
      key: 'refund',
      title: 'Refund',
      label: `Refund order ${row._id}`,
      icon: <MoneyOffOutlinedIcon />,
      tone: 'inherit',
      onClick: () => onRefund(row),
    },
    {
      key: 'delete',
      title: 'Delete',
      label: `Delete order ${row._id}`,
      icon: <DeleteOutlinedIcon />,
      tone: 'error',
      onClick: () => onDelete(row),
    },
  ];
  return offered.filter((action): action is OrderAction => action !== false);
}

/** The grid's actions cell: icon buttons with tooltips, each reached with Tab. */
export function OrderActionIcons({ row, ...actions }: { row: AdminOrderRow } & OrderRowActions) {
  const resend = useResendReceiptAction(row);
  return (
    // Right-aligned so Delete lines up whatever else a row offers.
    <Box sx={{ display: 'flex', justifyContent: 'flex-end', width: '100%', gap: 0.25 }}>
      {orderActionsOf(row, actions, resend).map((action) => (
        <RowActionButton
          key={action.key}
          title={action.title}
          label={action.label}
          icon={action.icon}
          color={action.tone === 'inherit' ? 'default' : action.tone}
          disabled={action.disabled}
          onClick={action.onClick}
        />
      ))}
    </Box>
  );
}

/** A phone card's actions: buttons with their names in view. */
export function OrderActionButtons({ row, ...actions }: { row: AdminOrderRow } & OrderRowActions) {
  const resend = useResendReceiptAction(row);
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, justifyContent: 'flex-end' }}>
      {orderActionsOf(row, actions, resend).map((action) => (
        <Button
          key={action.key}
          size="small"
          variant="outlined"
          color={action.tone}
          startIcon={action.icon}
          aria-label={action.label}
          disabled={action.disabled}
          onClick={action.onClick}
        >
          {action.title}
        </Button>
      ))}
    </Box>
  );
}
