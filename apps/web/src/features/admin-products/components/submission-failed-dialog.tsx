import { CatalogMessages } from '@bindery/shared';
import ErrorOutlinedIcon from '@mui/icons-material/ErrorOutlined';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';

/** Tells the admin a product could not be saved; the form behind it keeps the input. */
export function SubmissionFailedDialog({
  open,
  message,
  onClose,
}: {
  open: boolean;
  /** The error's message; empty shows the specification's fallback text. */
  message: string;
  onClose: () => void;
}) {
  const textId = useId();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      role="alertdialog"
      aria-describedby={textId}
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle sx={{ display: 'flex', alignItems: 'center', gap: 1, fontWeight: 600 }}>
        <ErrorOutlinedIcon color="error" aria-hidden />
        {CatalogMessages.submissionFailed}
      </DialogTitle>
      <DialogContent>
        <DialogContentText id={textId} sx={{ wordBreak: 'break-word' }}>
          {message || CatalogMessages.unexpectedError}
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} variant="contained" autoFocus>
          OK
        </Button>
      </DialogActions>
    </Dialog>
  );
}
