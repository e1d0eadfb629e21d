import { ArchiveMessages, CatalogMessages } from '@bindery/shared';
import { useCallback } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useRestoreProduct } from '../api/restore-product';

/** Putting an archived product back on sale: nothing is lost by it, so no dialog asks first. */
export function useProductRestore() {
  const restore = useRestoreProduct();
  const { mutate } = restore;
  const handleRestore = useCallback(
    (id: string) =>
      mutate(id, {
        onSuccess: () => toast.success(ArchiveMessages.productRestored),
        onError: (error) =>
          toast.error(
            ArchiveMessages.restoreFailed(errorMessage(error, CatalogMessages.unexpectedError)),
          ),
      }),
    [mutate],
  );
  return { handleRestore, restoringId: restore.isPending ? (restore.variables ?? null) : null };
}
