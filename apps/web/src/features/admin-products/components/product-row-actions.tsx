import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import UnarchiveOutlinedIcon from '@mui/icons-material/UnarchiveOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { ReactNode } from 'react';
import { RowActionButton } from '../../../components/row-action-button';
import type { AdminProduct } from '../api/list-products';

/** What the admin can do to a product of the list. */
export interface RowActions {
  onEdit: (row: AdminProduct) => void;
  onDelete: (id: string) => void;
  /** Archived products: Restore takes the place of Edit and Delete. */
  onRestore?: (id: string) => void;
  /** The product being restored, if any. */
  restoringId?: string | null;
}

interface ProductAction {
  key: string;
  title: string;
  label: string;
  icon: ReactNode;
  tone: 'primary' | 'error';
  disabled?: boolean;
  onClick: () => void;
}

/** A product's actions in the order shown: Restore for an archived one, else Edit and Delete. */
function productActionsOf(row: AdminProduct, actions: RowActions): ProductAction[] {
  const { onEdit, onDelete, onRestore, restoringId } = actions;
  if (onRestore) {
    return [
      {
        key: 'restore',
        title: 'Restore',
        label: `Restore ${row.title}`,
        icon: <UnarchiveOutlinedIcon />,
        tone: 'primary',
        disabled: restoringId === row._id,
        onClick: () => onRestore(row._id),
      },
    ];
  }
  return [
    {
      key: 'edit',
      title: 'Edit',
      label: `Edit ${row.title}`,
      icon: <EditOutlinedIcon />,
      tone: 'primary',
      onClick: () => onEdit(row),
    },
    {
      key: 'delete',
      title: 'Delete',
      label: `Delete ${row.title}`,
      icon: <DeleteOutlinedIcon />,
      tone: 'error',
      onClick: () => onDelete(row._id),
    },
  ];
}

/** The grid's actions cell: icon buttons with tooltips, each reached with Tab. */
export function ProductActionIcons({ row, ...actions }: { row: AdminProduct } & RowActions) {
  return (
    <Box sx={{ display: 'flex', gap: 0.5 }}>
      {productActionsOf(row, actions).map((action) => (
        <RowActionButton
          key={action.key}
          title={action.title}
          label={action.label}
          icon={action.icon}
          color={action.key === 'edit' ? 'default' : action.tone}
          disabled={action.disabled}
          onClick={action.onClick}
        />
      ))}
    </Box>
  );
}

/** A phone card's actions: buttons with their names in view. */
export function ProductActionButtons({ row, ...actions }: { row: AdminProduct } & RowActions) {
  return (
    <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
      {productActionsOf(row, actions).map((action) => (
        <Button
          key={action.key}
          size="small"
          variant="outlined"
          color={action.tone}
          startIcon={action.icon}
          aria-label={action.label}
          disabled={action.disabled}
          onClick={action.onClick}
        >
          {action.title}
        </Button>
      ))}
    </Box>
  );
}
