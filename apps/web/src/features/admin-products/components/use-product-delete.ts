import { CatalogMessages } from '@bindery/shared';
import { useCallback, useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useDeleteProduct } from '../api/delete-product';
import type { AdminProduct } from '../api/list-products';

/** Deleting a product of the table, behind an "Are you sure?" dialog. */
export function useProductDelete(rows: AdminProduct[] | undefined) {
  const [pendingDeleteId, setPendingDeleteId] = useState<string | null>(null);
  // Kept while the dialog fades out, so its text does not vanish on close.
  const [deleteTitle, setDeleteTitle] = useState('');
  const deleteProduct = useDeleteProduct();

  const handleDelete = useCallback(
    (id: string) => {
      setDeleteTitle(rows?.find((row) => row._id === id)?.title ?? '');
      setPendingDeleteId(id);
    },
    [rows],
  );

  const confirmDelete = () => {
    if (!pendingDeleteId) return;
    deleteProduct.mutate(pendingDeleteId, {
      onSuccess: () => toast.success(CatalogMessages.productDeleted),
      onError: (error) =>
        toast.error(
          `Error deleting product: ${errorMessage(error, CatalogMessages.unexpectedError)}`,
        ),
      onSettled: () => setPendingDeleteId(null),
    });
  };

  return {
    isOpen: pendingDeleteId !== null,
    deleteTitle,
    isDeleting: deleteProduct.isPending,
    handleDelete,
    confirmDelete,
    cancelDelete: () => setPendingDeleteId(null),
  };
}
