import { ReceiptMessages } from '@bindery/shared';
import { errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import type { AdminOrderRow } from '../api/list-orders';
import { useResendReceipt } from '../api/resend-receipt';

/** Resend receipt for a row: sends at once and says to whom, or why not. */
export function useResendReceiptAction(row: AdminOrderRow) {
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

export type ResendReceiptAction = ReturnType<typeof useResendReceiptAction>;
