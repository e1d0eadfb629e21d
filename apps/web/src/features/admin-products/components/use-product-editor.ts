import { CatalogMessages } from '@bindery/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useCreateProduct } from '../api/create-product';
import type { AdminProduct } from '../api/list-products';
import { useUpdateProduct } from '../api/update-product';
import { savedMessage } from './notify-buyers';
import type { ProductSubmission } from './product-submission';

interface FormState {
  open: boolean;
  product: AdminProduct | null;
  /** A new form (fresh input) every time the dialog opens. */
  session: number;
}

/** The add/edit dialog's state, saving a product, and the dialog that tells a failed save. */
export function useProductEditor() {
  const [form, setForm] = useState<FormState>({ open: false, product: null, session: 0 });
  const [failure, setFailure] = useState({ open: false, message: '' });
  const createProduct = useCreateProduct();
  const updateProduct = useUpdateProduct();
  const queryClient = useQueryClient();

  const openForm = useCallback((product: AdminProduct | null) => {
    setForm((current) => ({ open: true, product, session: current.session + 1 }));
  }, []);
  const closeForm = () => setForm((current) => ({ ...current, open: false }));
  const showFailure = (message: string) => setFailure({ open: true, message });
  const closeFailure = () => setFailure((current) => ({ ...current, open: false }));

  const saveProduct = async (submission: ProductSubmission) => {
    const isCreate = submission.kind === 'create';
    try {
      if (isCreate) await createProduct.mutateAsync(submission.body);
      else await updateProduct.mutateAsync({ id: submission.id, body: submission.body });
    } catch (error) {
      const message = errorMessage(error, CatalogMessages.unexpectedError);
      toast.error(`${isCreate ? 'Error adding product' : 'Error updating product'}: ${message}`);
      showFailure(message);
      return;
    }
    toast.success(savedMessage(queryClient, submission));
    closeForm();
  };

  return { form, failure, openForm, closeForm, showFailure, closeFailure, saveProduct };
}
