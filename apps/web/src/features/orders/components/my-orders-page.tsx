import {
  CheckoutMessages,
  MY_ORDERS_DEFAULT_PAGE_SIZE,
  MY_ORDERS_PAGE_SIZES,
  OrderMessages,
  OwnershipMessages,
} from '@bindery/shared';
import Container from '@mui/material/Container';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';
import { toast } from '../../../lib/toast';
import { errorMessage } from '../../../lib/api-client';
import { usePageInAddress } from '../../../lib/use-page-in-address';
import { useCreateOrderDownloadLink } from '../api/create-order-download-link';
import { useMyOrders, type MyOrder } from '../api/get-my-orders';
import { MyOrdersLoading, NoOrdersYet } from './my-orders-states';
import { MyOrdersTable } from './my-orders-table';
import { useIncludeCanceled } from './use-include-canceled';
import { RetryAlert } from '../../../components/retry-alert';

/** The signed-in buyer's orders: status, amount, and a fresh download link for paid ones. */
export function MyOrdersPage() {
  const headingId = useId();
  // Page, page size and the canceled switch live in the address: a reload keeps them, and Back
  // returns to the previous page instead of leaving the screen.
  const [{ page, pageSize }, setPlace] = usePageInAddress(
    MY_ORDERS_PAGE_SIZES,
    MY_ORDERS_DEFAULT_PAGE_SIZE,
  );
  const [includeCanceled, setIncludeCanceled] = useIncludeCanceled();
  const orders = useMyOrders({ page: page + 1, limit: pageSize, includeCanceled });
  const downloadLink = useCreateOrderDownloadLink();

  const download = (order: MyOrder) => {
    downloadLink.mutate(order._id, {
      // The file comes as an attachment, so the browser saves it and this page stays. Unlike a
      // new tab opened after the call, a navigation is never stopped by a popup blocker.
      onSuccess: ({ downloadUrl }) => window.location.assign(downloadUrl),
      onError: (error) => toast.error(errorMessage(error, CheckoutMessages.downloadLinkFailed)),
    });
  };

  const { data } = orders;
  let content: ReactNode;
  if (orders.isPending) {
    content = <MyOrdersLoading />;
  } else if (!data) {
    content = null;
  } else if (data.total === 0) {
    content = <NoOrdersYet />;
  } else {
    content = (
      <MyOrdersTable
        labelledBy={headingId}
        orders={data.purchases}
        total={data.total}
        page={page}
        pageSize={pageSize}
        isLoadingPage={orders.isPlaceholderData}
        onPageChange={(next) => setPlace({ page: next, pageSize })}
        onPageSizeChange={(size) => setPlace({ page: 0, pageSize: size })}
        downloadingId={downloadLink.isPending ? (downloadLink.variables ?? null) : null}
        onDownload={download}
      />
    );
  }

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, sm: 5 } }}>
      <Typography id={headingId} component="h1" variant="h4" sx={{ fontWeight: 700 }}>
        {OrderMessages.myOrdersTitle}
      </Typography>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={{ xs: 0.5, sm: 2 }}
        sx={{ mt: 0.5, mb: 3, alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
      >
        <Typography color="textSecondary">
          Everything you bought. Paid orders can be downloaded again at any time.
        </Typography>
        <FormControlLabel
          control={
            <Switch
              checked={includeCanceled}
              onChange={(event) => setIncludeCanceled(event.target.checked)}
            />
          }
          label={OwnershipMessages.showCanceled}
          sx={{ flexShrink: 0, mr: 0 }}
        />
      </Stack>

      {orders.isError && (
        <RetryAlert onRetry={() => void orders.refetch()}>
          {errorMessage(orders.error, OrderMessages.myOrdersLoadFailed)}
        </RetryAlert>
      )}

      {content}
    </Container>
  );
}
