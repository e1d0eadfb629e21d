import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { FormEvent, ReactNode } from 'react';

export interface ProductFormLayoutProps {
  open: boolean;
  title: string;
  submitLabel: string;
  isSubmitting: boolean;
  /** Esc, the backdrop, Close and Cancel. */
  onRequestClose: () => void;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** The fields, stacked in the scrolling content. */
  children: ReactNode;
  /** Shown between the content and the buttons: where the save is. */
  progress: ReactNode;
  /** Dialogs opened over this one (the discard prompt). */
  overlay: ReactNode;
}

/** The form's frame: full screen on phones, a title with Close, scrolling fields, Cancel and Save. */
export function ProductFormLayout({
  open,
  title,
  submitLabel,
  isSubmitting,
  onRequestClose,
  onSubmit,
  children,
  progress,
  overlay,
}: ProductFormLayoutProps) {
  const theme = useTheme();
  const isSmallScreen = useMediaQuery(theme.breakpoints.down('sm'));
  return (
    <Dialog open={open} onClose={onRequestClose} fullScreen={isSmallScreen} fullWidth maxWidth="sm">
      <Box
        component="form"
        noValidate
        onSubmit={onSubmit}
        sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, flex: '1 1 auto' }}
      >
        <DialogTitle sx={{ fontWeight: 600, pr: 7 }}>{title}</DialogTitle>
        <IconButton
          aria-label="Close"
          onClick={onRequestClose}
          disabled={isSubmitting}
          sx={{ position: 'absolute', right: 12, top: 12 }}
        >
          <CloseIcon />
        </IconButton>

        <DialogContent dividers>
          <Stack spacing={2.5}>{children}</Stack>
        </DialogContent>

        {progress}

        <DialogActions sx={{ px: 3, py: 2 }}>
          <Button onClick={onRequestClose} disabled={isSubmitting} color="inherit">
            Cancel
          </Button>
          <Button
            type="submit"
            variant="contained"
            loading={isSubmitting}
            loadingPosition="start"
            disabled={isSubmitting}
          >
            {submitLabel}
          </Button>
        </DialogActions>
      </Box>
      {overlay}
    </Dialog>
  );
}
