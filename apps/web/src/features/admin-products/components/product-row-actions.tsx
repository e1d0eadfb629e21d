import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import UnarchiveOutlinedIcon from '@mui/icons-material/UnarchiveOutlined';
import {
  RowActionIcons,
  RowActionTexts,
  type RowAction,
} from '../../../components/row-action-button';
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

/** A product's actions in the order shown: Restore for an archived one, else Edit and Delete. */
function productActionsOf(row: AdminProduct, actions: RowActions): RowAction[] {
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
      iconColor: 'default',
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
  return <RowActionIcons actions={productActionsOf(row, actions)} sx={{ gap: 0.5 }} />;
}

/** A phone card's actions: buttons with their names in view. */
export function ProductActionButtons({ row, ...actions }: { row: AdminProduct } & RowActions) {
  return <RowActionTexts actions={productActionsOf(row, actions)} />;
}
