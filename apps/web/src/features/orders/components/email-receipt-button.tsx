import { ReceiptMessages } from '@bindery/shared';
import EmailOutlinedIcon from '@mui/icons-material/EmailOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { Theme } from '@mui/material/styles';
import { visuallyHiddenSx } from '../../../components/visually-hidden';
import { errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import type { MyOrder } from '../api/get-my-orders';
import { useEmailMyReceipt } from '../api/email-my-receipt';

const hiddenOnPhones = (theme: Theme) => ({ [theme.breakpoints.down('sm')]: visuallyHiddenSx });

/** Email me the receipt, under a paid order's Download: the server says when it is too soon. */
export function EmailReceiptButton({ order }: { order: MyOrder }) {
  const emailMe = useEmailMyReceipt();
  if (order.status !== 'paid') return null;
  const send = () =>
    emailMe.mutate(order._id, {
      onSuccess: ({ to }) => toast.success(ReceiptMessages.emailed(to)),
      onError: (error) =>
        toast.error(errorMessage(error, ReceiptMessages.failed('please try again'))),
    });
  return (
    <Button
      size="small"
      startIcon={<EmailOutlinedIcon />}
      aria-label={`${ReceiptMessages.emailMe}: ${order.product?.title ?? `order ${order._id}`}`}
      loading={emailMe.isPending}
      loadingPosition="start"
      onClick={send}
      sx={{
        display: 'flex',
        ml: 'auto',
        mt: 0.5,
        whiteSpace: 'nowrap',
        minWidth: { xs: 40, sm: 0 },
        // Icon only on phones, as Download; the words stay for screen readers.
        '& .MuiButton-startIcon': { mr: { xs: 0, sm: 1 }, ml: { xs: 0, sm: -0.25 } },
      }}
    >
      <Box component="span" sx={hiddenOnPhones}>
        {ReceiptMessages.emailMe}
      </Box>
    </Button>
  );
}
