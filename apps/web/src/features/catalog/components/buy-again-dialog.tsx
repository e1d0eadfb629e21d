import { CheckoutMessages, OwnershipMessages } from '@bindery/shared';
import ShoppingBagOutlinedIcon from '@mui/icons-material/ShoppingBagOutlined';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import { MuiThemeScope } from '../../../ui/mui-theme';

export interface BuyAgainDialogProps {
  open: boolean;
  /** True while the second purchase is being started: the dialog cannot be closed then. */
  isBuying: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/** "Buy again?": an owner confirms a second purchase of a product they already have. */
export function BuyAgainDialog({ open, isBuying, onCancel, onConfirm }: BuyAgainDialogProps) {
  const titleId = useId();
  const textId = useId();
  return (
    <MuiThemeScope>
      <Dialog
        open={open}
        onClose={() => !isBuying && onCancel()}
        aria-labelledby={titleId}
        aria-describedby={textId}
        maxWidth="xs"
      >
        <DialogTitle id={titleId}>{OwnershipMessages.buyAgainTitle}</DialogTitle>
        <DialogContent>
          <DialogContentText id={textId}>{OwnershipMessages.buyAgainText}</DialogContentText>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onCancel} disabled={isBuying}>
            {OwnershipMessages.cancel}
          </Button>
          <Button
            variant="contained"
            loading={isBuying}
            loadingPosition="start"
            startIcon={<ShoppingBagOutlinedIcon />}
            onClick={onConfirm}
          >
            {isBuying ? CheckoutMessages.processing : OwnershipMessages.buyAgainConfirm}
          </Button>
        </DialogActions>
      </Dialog>
    </MuiThemeScope>
  );
}
