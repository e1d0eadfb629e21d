import Button, { type ButtonProps } from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, type ReactNode } from 'react';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  /** What the action applies to, named above the description (e.g. "Delete “Pocket Atlas”?"). */
  subject?: ReactNode;
  description: ReactNode;
  /** A line below the description, for what else to know (what the action keeps, say). */
  note?: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  /** Colour of the confirm button; `error` for destructive actions. */
  confirmColor?: ButtonProps['color'];
  /** While the confirmed action runs: the confirm button spins and nothing can close the dialog. */
  isPending?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Asks before an action that cannot be undone, such as deleting a product or an order. */
export function ConfirmDialog({
  open,
  title,
  subject,
  description,
  note,
  confirmLabel,
  cancelLabel = 'Cancel',
  confirmColor = 'error',
  isPending = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const descriptionId = useId();
  const subjectId = useId();
  const noteId = useId();
  const describedBy = [subject && subjectId, descriptionId, note && noteId]
    .filter(Boolean)
    .join(' ');
  return (
    <Dialog
      open={open}
      onClose={() => {
        if (!isPending) onCancel();
      }}
      role="alertdialog"
      aria-describedby={describedBy}
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle sx={{ fontWeight: 600 }}>{title}</DialogTitle>
      <DialogContent>
        {subject && (
          <DialogContentText
            id={subjectId}
            sx={{ color: 'text.primary', fontWeight: 600, mb: 1, overflowWrap: 'anywhere' }}
          >
            {subject}
          </DialogContentText>
        )}
        <DialogContentText id={descriptionId}>{description}</DialogContentText>
        {note && (
          <DialogContentText id={noteId} sx={{ mt: 1 }}>
            {note}
          </DialogContentText>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        {/* Focus starts on Cancel: Enter right after opening must not destroy anything. */}
        <Button onClick={onCancel} disabled={isPending} autoFocus color="inherit">
          {cancelLabel}
        </Button>
        <Button
          onClick={onConfirm}
          variant="contained"
          color={confirmColor}
          loading={isPending}
          loadingPosition="start"
        >
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
