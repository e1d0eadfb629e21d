import { DiscountMessages, type Discount } from '@bindery/shared';
import AddIcon from '@mui/icons-material/Add';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { RetryAlert } from '../../../components/retry-alert';
import { ApiError, errorMessage, GENERIC_ERROR_MESSAGE } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useDeleteDiscount, useDiscounts } from '../api/discounts';
import { useProductChoices } from '../api/product-choices';
import { DiscountFormDialog } from './discount-form-dialog';
import { DiscountList } from './discount-list';

/** Which form is open: none, a new discount, or one being edited. */
type FormPlace = { discount?: Discount } | null;

/** The page's title, what codes are, and the button that makes one. */
function DiscountsHeader({ onNew }: { onNew: () => void }) {
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={2}
      sx={{ mb: 3, justifyContent: 'space-between', alignItems: { sm: 'flex-end' } }}
    >
      <Box>
        <Typography component="h1" variant="h4" sx={{ fontWeight: 700 }}>
          {DiscountMessages.title}
        </Typography>
        <Typography color="textSecondary">
          Codes buyers type on a product page, or open in a link such as
          /store/product/…?code=SPRING.
        </Typography>
      </Box>
      <Box sx={{ flexShrink: 0 }}>
        <Button variant="contained" startIcon={<AddIcon />} onClick={onNew}>
          New discount
        </Button>
      </Box>
    </Stack>
  );
}

/** The owner's discount codes: what each takes off, where, when, how often it was used. */
export function DiscountsPage() {
  const discounts = useDiscounts();
  // Titles for the list's Products column; a failure leaves the ids showing.
  const products = useProductChoices();
  const [formPlace, setFormPlace] = useState<FormPlace>(null);
  const [toDelete, setToDelete] = useState<Discount | null>(null);
  const remove = useDeleteDiscount();

  const confirmDelete = () => {
    if (!toDelete) return;
    remove.mutate(toDelete._id, {
      onSuccess: () => {
        toast.success(`Discount ${toDelete.code} deleted.`);
        setToDelete(null);
      },
      onError: (error) => {
        toast.error(errorMessage(error, GENERIC_ERROR_MESSAGE));
        setToDelete(null);
      },
    });
  };

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, sm: 5 } }}>
      <DiscountsHeader onNew={() => setFormPlace({})} />

      {discounts.isError && (
        <RetryAlert onRetry={() => void discounts.refetch()}>
          <AlertTitle>The discounts could not be loaded.</AlertTitle>
          {discounts.error instanceof ApiError && discounts.error.serverMessage}
        </RetryAlert>
      )}

      {discounts.isPending ? (
        <Stack role="status" spacing={2} sx={{ alignItems: 'center', py: 10 }}>
          <CircularProgress aria-hidden />
          <Typography color="textSecondary">Loading discounts...</Typography>
        </Stack>
      ) : discounts.data?.discounts.length === 0 ? (
        <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
          <Typography>No discount codes yet.</Typography>
        </Paper>
      ) : discounts.data ? (
        <DiscountList
          discounts={discounts.data.discounts}
          products={products.data}
          onEdit={(discount) => setFormPlace({ discount })}
          onDelete={setToDelete}
        />
      ) : null}

      {formPlace && (
        <DiscountFormDialog discount={formPlace.discount} onClose={() => setFormPlace(null)} />
      )}
      <ConfirmDialog
        open={toDelete !== null}
        title="Delete this discount?"
        subject={toDelete?.code}
        description="Buyers can no longer use the code."
        note="Orders that used it keep it."
        confirmLabel="Delete"
        isPending={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setToDelete(null)}
      />
    </Container>
  );
}
