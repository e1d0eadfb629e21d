import {
  ADMIN_PRODUCTS_DEFAULT_PAGE_SIZE,
  ADMIN_PRODUCTS_PAGE_SIZES,
  CatalogMessages,
  PRODUCT_SORT_FIELDS,
} from '@bindery/shared';
import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useCallback, useState } from 'react';
import { toast } from '../../../lib/toast';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { errorMessage } from '../../../lib/api-client';
import { usePageInAddress } from '../../../lib/use-page-in-address';
import { useSortInAddress } from '../../../lib/use-sort-in-address';
import { useCreateProduct } from '../api/create-product';
import { useDeleteProduct } from '../api/delete-product';
import { useProductList, type AdminProduct } from '../api/list-products';
import { useUpdateProduct } from '../api/update-product';
import { ProductFormDialog } from './product-form-dialog';
import type { ProductSubmission } from './product-submission';
import { ProductsTable } from './products-table';
import { SubmissionFailedDialog } from './submission-failed-dialog';

interface FormState {
  open: boolean;
  product: AdminProduct | null;
  /** A new form (fresh input) every time the dialog opens. */
  session: number;
}

/** The admin's product management: the product table, and adding, editing and deleting. */
export function ProductsDashboardPage() {
  // Page, page size and sort live in the address: a reload keeps them, Back returns to them.
  const [paginationModel, setPaginationModel] = usePageInAddress(
    ADMIN_PRODUCTS_PAGE_SIZES,
    ADMIN_PRODUCTS_DEFAULT_PAGE_SIZE,
  );
  const [sort, setSort] = useSortInAddress(PRODUCT_SORT_FIELDS);
  const products = useProductList({
    page: paginationModel.page + 1,
    limit: paginationModel.pageSize,
    sort,
  });

  const [form, setForm] = useState<FormState>({ open: false, product: null, session: 0 });
  const [failure, setFailure] = useState({ open: false, message: '' });
  const [pendingDeleteId, setPendingDeleteId] = useState<string | null>(null);
  // Kept while the dialog fades out, so its text does not vanish on close.
  const [deleteTitle, setDeleteTitle] = useState('');

  const createProduct = useCreateProduct();
  const updateProduct = useUpdateProduct();
  const deleteProduct = useDeleteProduct();

  const openForm = useCallback((product: AdminProduct | null) => {
    setForm((current) => ({ open: true, product, session: current.session + 1 }));
  }, []);
  const closeForm = () => setForm((current) => ({ ...current, open: false }));
  const showFailure = (message: string) => setFailure({ open: true, message });

  const handleEdit = useCallback((row: AdminProduct) => openForm(row), [openForm]);
  const rows = products.data?.products;
  const handleDelete = useCallback(
    (id: string) => {
      setDeleteTitle(rows?.find((row) => row._id === id)?.title ?? '');
      setPendingDeleteId(id);
    },
    [rows],
  );

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
    toast.success(isCreate ? CatalogMessages.productAdded : CatalogMessages.productUpdated);
    closeForm();
  };

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

  const data = products.data;

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, sm: 5 } }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 3 }}
      >
        <Box>
          <Typography component="h1" variant="h4" sx={{ fontWeight: 700 }}>
            Products
          </Typography>
          <Typography color="textSecondary">
            Add, edit and remove the products of your store.
          </Typography>
        </Box>
        <Button
          variant="contained"
          startIcon={<AddIcon />}
          onClick={() => openForm(null)}
          sx={{ alignSelf: { xs: 'stretch', sm: 'center' }, flexShrink: 0 }}
        >
          Add Product
        </Button>
      </Stack>

      {products.isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {errorMessage(products.error, CatalogMessages.loadErrorText)}
        </Alert>
      )}

      {products.isPending ? (
        <Box role="status" sx={{ display: 'flex', justifyContent: 'center', py: 10 }}>
          <CircularProgress aria-label="Loading products" />
        </Box>
      ) : data ? (
        <Box sx={{ width: '100%', minWidth: 0 }}>
          <ProductsTable
            rows={data.products}
            rowCount={data.total}
            loading={products.isFetching}
            paginationModel={paginationModel}
            onPaginationModelChange={setPaginationModel}
            sort={sort}
            onSortChange={setSort}
            onEdit={handleEdit}
            onDelete={handleDelete}
          />
        </Box>
      ) : null}

      <ProductFormDialog
        key={form.session}
        open={form.open}
        product={form.product}
        onClose={closeForm}
        onSubmit={saveProduct}
        onUploadError={showFailure}
      />

      <SubmissionFailedDialog
        open={failure.open}
        message={failure.message}
        onClose={() => setFailure((current) => ({ ...current, open: false }))}
      />

      <ConfirmDialog
        open={pendingDeleteId !== null}
        title="Are you sure?"
        subject={deleteTitle && `Delete “${deleteTitle}”?`}
        description="You won't be able to revert this!"
        confirmLabel="Yes, delete it!"
        isPending={deleteProduct.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setPendingDeleteId(null)}
      />
    </Container>
  );
}
