import { CheckoutMessages, OwnershipMessages } from '@bindery/shared';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import DownloadIcon from '@mui/icons-material/Download';
import ShoppingBagOutlinedIcon from '@mui/icons-material/ShoppingBagOutlined';
import Box from '@mui/material/Box';
import Button, { type ButtonProps } from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { toast } from '../../../lib/toast';
import { errorMessage } from '../../../lib/api-client';
import { useCreateOrderDownloadLink } from '../../orders/api/create-order-download-link';

export interface OwnedProductActionsProps {
  /** The paid order that makes the product the buyer's; its file is downloaded. */
  orderId: string;
  /** True while a second purchase is being started. */
  isBuying: boolean;
  onBuyAgain: () => void;
  /** Styles of the main action (the place it sits in sizes it, as it sizes Buy Now). */
  buttonProps?: Omit<ButtonProps, 'onClick'>;
}

/**
 * For a buyer who owns the product: "You own this", Download (a fresh link, as My Orders gets),
 * and Buy again behind a confirmation. Compact enough for a phone's sticky buy bar.
 */
export function OwnedProductActions({
  orderId,
  isBuying,
  onBuyAgain,
  buttonProps = {},
}: OwnedProductActionsProps) {
  const labelId = useId();
  const dialogTitleId = useId();
  const dialogTextId = useId();
  const [isConfirming, setIsConfirming] = useState(false);
  const downloadLink = useCreateOrderDownloadLink();

  const download = () => {
    downloadLink.mutate(orderId, {
      // The file comes as an attachment: the browser saves it and the page stays.
      onSuccess: ({ downloadUrl }) => window.location.assign(downloadUrl),
      onError: (error) => toast.error(errorMessage(error, CheckoutMessages.downloadLinkFailed)),
    });
  };

  return (
    <Box
      role="group"
      aria-labelledby={labelId}
      // Takes the room Buy Now would take: the whole bar on a phone, a button's width beside Share.
      sx={{
        display: 'flex',
        flexDirection: 'column',
        gap: 0.5,
        minWidth: 0,
        flex: '1 1 auto',
        maxWidth: { sm: 360 },
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75, minHeight: 30 }}>
        <CheckCircleIcon fontSize="small" color="success" aria-hidden />
        <Typography
          id={labelId}
          variant="body2"
          sx={{ fontWeight: 600, color: 'success.dark', whiteSpace: 'nowrap' }}
        >
          {OwnershipMessages.youOwnThis}
        </Typography>
        <Button
          size="small"
          onClick={() => setIsConfirming(true)}
          disabled={isBuying}
          sx={{ ml: 'auto', minWidth: 0, px: 1, whiteSpace: 'nowrap' }}
        >
          {OwnershipMessages.buyAgain}
        </Button>
      </Box>
      <Button
        variant="contained"
        size="large"
        startIcon={<DownloadIcon />}
        loading={downloadLink.isPending}
        loadingPosition="start"
        {...buttonProps}
        onClick={download}
      >
        {OwnershipMessages.download}
      </Button>

      <Dialog
        open={isConfirming}
        onClose={() => !isBuying && setIsConfirming(false)}
        aria-labelledby={dialogTitleId}
        aria-describedby={dialogTextId}
        maxWidth="xs"
      >
        <DialogTitle id={dialogTitleId}>{OwnershipMessages.buyAgainTitle}</DialogTitle>
        <DialogContent>
          <DialogContentText id={dialogTextId}>{OwnershipMessages.buyAgainText}</DialogContentText>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={() => setIsConfirming(false)} disabled={isBuying}>
            {OwnershipMessages.cancel}
          </Button>
          <Button
            variant="contained"
            loading={isBuying}
            loadingPosition="start"
            startIcon={<ShoppingBagOutlinedIcon />}
            onClick={onBuyAgain}
          >
            {isBuying ? CheckoutMessages.processing : OwnershipMessages.buyAgainConfirm}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
