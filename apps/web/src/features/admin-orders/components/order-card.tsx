import { OrderMessages, formatCents } from '@bindery/shared';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import LockOpenOutlinedIcon from '@mui/icons-material/LockOpenOutlined';
import MoneyOffOutlinedIcon from '@mui/icons-material/MoneyOffOutlined';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatOrderDate } from '../../../lib/format-order-date';
import type { AdminOrderRow } from '../api/list-orders';
import { canResetDownloads, CustomerCell, StatusCell, type OrderRowActions } from './order-cells';
import { ResendReceiptButton } from './resend-receipt-action';

/** An order on a phone: who, what, how much, its status and date, then every action in view. */
export function OrderCard({
  row,
  onDelete,
  onRefund,
  onGrantAccess,
  onResetDownloads,
  grantingId,
}: { row: AdminOrderRow } & OrderRowActions) {
  return (
    <Stack spacing={1.25}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, minWidth: 0 }}>
        <Typography
          component="h2"
          variant="body1"
          color={row.product ? 'text.primary' : 'text.secondary'}
          sx={{ fontWeight: 600, overflowWrap: 'anywhere', minWidth: 0 }}
        >
          {row.product?.title ?? OrderMessages.productMissing}
        </Typography>
        <Typography variant="body1" sx={{ fontWeight: 600, flexShrink: 0 }}>
          {formatCents(row.amountCents)}
        </Typography>
      </Box>
      <CustomerCell user={row.user} />
      <StatusCell row={row} />
      <Typography variant="body2" color="textSecondary">
        <time dateTime={row.createdAt}>{formatOrderDate(row.createdAt)}</time>
      </Typography>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, justifyContent: 'flex-end' }}>
        {row.reviewReason !== null && (
          <Button
            size="small"
            variant="outlined"
            startIcon={<LockOpenOutlinedIcon />}
            aria-label={`Grant access to order ${row._id}`}
            disabled={grantingId !== null}
            onClick={() => onGrantAccess(row._id)}
          >
            Grant access
          </Button>
        )}
        {canResetDownloads(row) && (
          <Button
            size="small"
            variant="outlined"
            color="inherit"
            startIcon={<RestartAltIcon />}
            aria-label={`Reset downloads of order ${row._id}`}
            onClick={() => onResetDownloads(row)}
          >
            Reset downloads
          </Button>
        )}
        <ResendReceiptButton row={row} />
        {row.canRefund && (
          <Button
            size="small"
            variant="outlined"
            color="inherit"
            startIcon={<MoneyOffOutlinedIcon />}
            aria-label={`Refund order ${row._id}`}
            onClick={() => onRefund(row)}
          >
            Refund
          </Button>
        )}
        <Button
          size="small"
          variant="outlined"
          color="error"
          startIcon={<DeleteOutlinedIcon />}
          aria-label={`Delete order ${row._id}`}
          onClick={() => onDelete(row)}
        >
          Delete
        </Button>
      </Stack>
    </Stack>
  );
}
