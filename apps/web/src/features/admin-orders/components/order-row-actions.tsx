import {
  InvoiceMessages,
  ReceiptMessages,
  creditNotePath,
  hasCreditNote,
  hasInvoice,
  invoicePath,
} from '@bindery/shared';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EmailOutlinedIcon from '@mui/icons-material/EmailOutlined';
import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import RequestQuoteOutlinedIcon from '@mui/icons-material/RequestQuoteOutlined';
import LockOpenOutlinedIcon from '@mui/icons-material/LockOpenOutlined';
import MoneyOffOutlinedIcon from '@mui/icons-material/MoneyOffOutlined';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import {
  RowActionIcons,
  RowActionTexts,
  type RowAction,
} from '../../../components/row-action-button';
import type { AdminOrderRow } from '../api/list-orders';
import { canResetDownloads, type OrderRowActions } from './order-cells';
import { useResendReceiptAction, type ResendReceiptAction } from './resend-receipt-action';

/**
 * What can be done to this order, in the order shown; the server decides what is refundable.
 * A new action is one more entry here: the grid and the phone card both list these.
 */
function orderActionsOf(
  row: AdminOrderRow,
  actions: OrderRowActions,
  resend: ResendReceiptAction,
): RowAction[] {
  const { onDelete, onRefund, onGrantAccess, onResetDownloads, grantingId } = actions;
  const offered: Array<RowAction | false> = [
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
    hasInvoice(row) && {
      key: 'invoice',
      title: InvoiceMessages.invoice,
      label: `Download the invoice of order #${row.orderNumber}`,
      icon: <ReceiptLongOutlinedIcon />,
      tone: 'inherit',
      href: invoicePath(row._id),
    },
    hasCreditNote(row) && {
      key: 'credit-note',
      title: InvoiceMessages.creditNote,
      label: `Download the credit note of order #${row.orderNumber}`,
      icon: <RequestQuoteOutlinedIcon />,
      tone: 'inherit',
      href: creditNotePath(row._id),
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
  return offered.filter((action): action is RowAction => action !== false);
}

/** The grid's actions cell: icon buttons with tooltips, each reached with Tab. */
export function OrderActionIcons({ row, ...actions }: { row: AdminOrderRow } & OrderRowActions) {
  const resend = useResendReceiptAction(row);
  // Right-aligned so Delete lines up whatever else a row offers.
  return (
    <RowActionIcons
      actions={orderActionsOf(row, actions, resend)}
      sx={{ justifyContent: 'flex-end', width: '100%', gap: 0.25 }}
    />
  );
}

/** A phone card's actions: buttons with their names in view. */
export function OrderActionButtons({ row, ...actions }: { row: AdminOrderRow } & OrderRowActions) {
  const resend = useResendReceiptAction(row);
  return (
    <RowActionTexts actions={orderActionsOf(row, actions, resend)} sx={{ flexWrap: 'wrap' }} />
  );
}
