import { OrderMessages, OwnershipMessages } from '@bindery/shared';
import PaymentOutlinedIcon from '@mui/icons-material/PaymentOutlined';
import PauseCircleOutlinedIcon from '@mui/icons-material/PauseCircleOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { darken } from '@mui/material/styles';
import type { MyOrder } from '../api/get-my-orders';

// What a buyer's order row says about its file besides Download: why it is held, how many
// downloads are left, or the checkout still to finish.

/** A paid order's file is held back while a payment dispute is open (the server refuses it). */
const isDownloadPaused = (order: MyOrder) => order.status === 'paid' && order.dispute === 'open';

/** The order used every download it allows (DOWNLOAD_LIMIT): the server refuses new links. */
const isLimitReached = (order: MyOrder) =>
  order.status === 'paid' &&
  order.downloads.limit !== null &&
  order.downloads.used >= order.downloads.limit;

/** Why there is no Download: a dispute, or the download limit. */
export function heldReason(order: MyOrder): string | null {
  if (isDownloadPaused(order)) return OrderMessages.disputeOpen;
  if (isLimitReached(order)) return OrderMessages.downloadLimitReached;
  return null;
}

/** "2 of 5 downloads used", when the order has a limit and can still download. */
export function DownloadsUsed({ order, sx }: { order: MyOrder; sx?: object }) {
  const { used, limit } = order.downloads;
  if (order.status !== 'paid' || limit === null || used >= limit || isDownloadPaused(order)) {
    return null;
  }
  return (
    <Typography variant="caption" color="textSecondary" sx={{ whiteSpace: 'nowrap', ...sx }}>
      {OrderMessages.downloadsUsed(used, limit)}
    </Typography>
  );
}

/** Shown instead of Download: under the title on phones, in the button's place on wider screens. */
export function HeldNote({
  text,
  display,
}: {
  text: string;
  display: Record<'xs' | 'sm', 'none' | 'inline-flex'>;
}) {
  return (
    <Box
      sx={{
        display,
        alignItems: 'center',
        gap: 0.5,
        // The warning chips' dark tint: the palette's own orange is too faint for small text.
        color: (theme) => darken(theme.palette.warning.main, 0.4),
        textAlign: 'left',
        maxWidth: 280,
      }}
    >
      <PauseCircleOutlinedIcon fontSize="small" aria-hidden />
      <Typography variant="caption" sx={{ fontWeight: 500 }}>
        {text}
      </Typography>
    </Box>
  );
}

/** A pending order's open checkout, to finish paying there. */
export function CompletePaymentLink({ order, display }: { order: MyOrder; display: object }) {
  if (!order.checkoutUrl) return null;
  return (
    <Button
      href={order.checkoutUrl}
      variant="contained"
      size="small"
      startIcon={<PaymentOutlinedIcon />}
      sx={{
        display,
        // On phones it sits under the title and wraps like it, so the row keeps to the screen.
        whiteSpace: { xs: 'normal', sm: 'nowrap' },
        textAlign: 'left',
        lineHeight: 1.3,
        '& .MuiButton-startIcon': { display: { xs: 'none', sm: 'inherit' } },
      }}
    >
      {OwnershipMessages.completePayment}
    </Button>
  );
}
