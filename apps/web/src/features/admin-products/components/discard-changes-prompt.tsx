import { ConfirmDialog } from '../../../components/confirm-dialog';

export interface DiscardChangesPromptProps {
  open: boolean;
  /** The product being edited; null for a new one. */
  productTitle: string | null;
  onDiscard: () => void;
  onKeepEditing: () => void;
}

/** Asks before the form's changes are dropped (Esc, the backdrop, Close or Cancel). */
export function DiscardChangesPrompt({
  open,
  productTitle,
  onDiscard,
  onKeepEditing,
}: DiscardChangesPromptProps) {
  return (
    <ConfirmDialog
      open={open}
      title="Discard changes?"
      description={
        productTitle !== null
          ? `Your changes to “${productTitle}” will be lost.`
          : 'The new product you started will be lost.'
      }
      confirmLabel="Discard"
      cancelLabel="Keep editing"
      onConfirm={onDiscard}
      onCancel={onKeepEditing}
    />
  );
}
