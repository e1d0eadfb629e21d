import { ReceiptMessages } from '@bindery/shared';
import EmailOutlinedIcon from '@mui/icons-material/EmailOutlined';
import Button from '@mui/material/Button';
import { GridActionsCellItem } from '@mui/x-data-grid';
import type { MouseEvent } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import type { AdminOrderRow } from '../api/list-orders';
import { useResendReceipt } from '../api/resend-receipt';

/** Resend receipt: only a paid order has one. Sends at once and says to whom, or why not. */
function useResendAction(row: AdminOrderRow) {
  const resend = useResendReceipt();
  const send = () =>
    resend.mutate(row._id, {
      onSuccess: ({ to }) => toast.success(ReceiptMessages.resent(to)),
      onError: (error) =>
        toast.error(ReceiptMessages.failed(errorMessage(error, 'please try again'))),
    });
  return {
    send,
    isSending: resend.isPending,
    label: `${ReceiptMessages.resend} of order ${row._id}`,
  };
}

/**
 * The grid's action. The actions cell hands each item its click and focus props (a wrapper that
 * moves the cell's focus): they are passed on, and the send follows the cell's own handler.
 */
function ResendReceiptGridAction({
  row,
  onClick,
  ...cellProps
}: {
  row: AdminOrderRow;
  onClick?: (event: MouseEvent<HTMLElement>) => void;
}) {
  const { send, isSending, label } = useResendAction(row);
  return (
    <GridActionsCellItem
      {...cellProps}
      icon={<EmailOutlinedIcon />}
      label={label}
      title={ReceiptMessages.resend}
      disabled={isSending}
      onClick={(event) => {
        onClick?.(event);
        send();
      }}
    />
  );
}

/** The grid's Resend receipt for this row, if it has one: spread into the row's actions. */
export const resendReceiptGridActions = (row: AdminOrderRow) =>
  row.status === 'paid' ? [<ResendReceiptGridAction key="resend-receipt" row={row} />] : [];

/** The phone card's Resend receipt button, for a paid order. */
export function ResendReceiptButton({ row }: { row: AdminOrderRow }) {
  const { send, isSending, label } = useResendAction(row);
  if (row.status !== 'paid') return null;
  return (
    <Button
      size="small"
      variant="outlined"
      color="inherit"
      startIcon={<EmailOutlinedIcon />}
      aria-label={label}
      loading={isSending}
      onClick={send}
    >
      {ReceiptMessages.resend}
    </Button>
  );
}
