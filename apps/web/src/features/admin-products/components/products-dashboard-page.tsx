import {
  ArchiveMessages,
  ADMIN_PRODUCTS_DEFAULT_PAGE_SIZE,
  ADMIN_PRODUCTS_PAGE_SIZES,
  CatalogMessages,
  PRODUCT_SORT_FIELDS,
} from '@bindery/shared';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import { useCallback } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { errorMessage } from '../../../lib/api-client';
import { usePageInAddress } from '../../../lib/use-page-in-address';
import { useSortInAddress } from '../../../lib/use-sort-in-address';
import { useProductList, type AdminProduct } from '../api/list-products';
import { ProductFormDialog } from './product-form-dialog';
import { ProductsDashboardHeader } from './products-dashboard-header';
import { ProductStatusFilter, useProductListStatus } from './product-status-filter';
import { ProductsTable } from './products-table';
import { SubmissionFailedDialog } from './submission-failed-dialog';
import { useProductDelete } from './use-product-delete';
import { useProductEditor } from './use-product-editor';
import { useProductRestore } from './use-product-restore';

/** The admin's product management: the product table, and adding, editing and deleting. */
export function ProductsDashboardPage() {
  // Page, page size and sort live in the address: a reload keeps them, Back returns to them.
  const [paginationModel, setPaginationModel] = usePageInAddress(
    ADMIN_PRODUCTS_PAGE_SIZES,
    ADMIN_PRODUCTS_DEFAULT_PAGE_SIZE,
  );
  const [sort, setSort] = useSortInAddress(PRODUCT_SORT_FIELDS);
  const status = useProductListStatus();
  const products = useProductList({
    page: paginationModel.page + 1,
    limit: paginationModel.pageSize,
    sort,
    status,
  });
  const restoring = useProductRestore();
  const editor = useProductEditor();
  const { openForm } = editor;
  const handleEdit = useCallback((row: AdminProduct) => openForm(row), [openForm]);
  const deletion = useProductDelete(products.data?.products);
  const data = products.data;

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, sm: 5 } }}>
      <ProductsDashboardHeader onAdd={() => openForm(null)} />
      <ProductStatusFilter status={status} />

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
            onDelete={deletion.handleDelete}
            {...(status === 'archived'
              ? { onRestore: restoring.handleRestore, restoringId: restoring.restoringId }
              : {})}
          />
        </Box>
      ) : null}

      <ProductFormDialog
        key={editor.form.session}
        open={editor.form.open}
        product={editor.form.product}
        onClose={editor.closeForm}
        onSubmit={editor.saveProduct}
        onUploadError={editor.showFailure}
      />

      <SubmissionFailedDialog
        open={editor.failure.open}
        message={editor.failure.message}
        onClose={editor.closeFailure}
      />

      <ConfirmDialog
        open={deletion.isOpen}
        title="Are you sure?"
        subject={deletion.deleteTitle && `Delete “${deletion.deleteTitle}”?`}
        description="You won't be able to revert this!"
        note={ArchiveMessages.deleteNote}
        confirmLabel="Yes, delete it!"
        isPending={deletion.isDeleting}
        onConfirm={deletion.confirmDelete}
        onCancel={deletion.cancelDelete}
      />
    </Container>
  );
}
