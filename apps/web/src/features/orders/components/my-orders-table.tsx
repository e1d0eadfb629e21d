import { MY_ORDERS_PAGE_SIZES, OrderMessages } from '@bindery/shared';
import DownloadIcon from '@mui/icons-material/Download';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { Theme } from '@mui/material/styles';
import { Link as RouterLink } from 'react-router';
import { visuallyHiddenSx } from '../../../components/visually-hidden';
import type { MyOrder } from '../api/get-my-orders';
import { formatOrderDateTime } from '../../../lib/format-order-date';
import { ProductUpdatedNote } from './product-updated-note';
import { EmailReceiptButton } from './email-receipt-button';
import { InvoiceLinks } from './invoice-links';
import { LicenseKey } from './license-key';
import { CompletePaymentLink, DownloadsUsed, HeldNote, heldReason } from './my-order-notes';
import { OrderStatusChip } from './order-status-chip';
import { ProductThumbnail } from '../../../components/product-thumbnail';
import { OrderAmount } from './order-amount';
import { OrderFileDownloads } from './order-file-downloads';

export interface MyOrdersTableProps {
  /** The id of the heading that names the table. */
  labelledBy: string;
  orders: MyOrder[];
  /** All the buyer's orders; the table shows one page of them. */
  total: number;
  /** 0-based, as MUI's pagination counts. */
  page: number;
  pageSize: number;
  /** True while another page loads; the current rows stay, dimmed. */
  isLoadingPage: boolean;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
  /** The order whose download link is being made, if any. */
  downloadingId: string | null;
  onDownload: (order: MyOrder) => void;
}

/**
 * Phones: tighter cells, and the Status and Date columns give way; the status and the date move
 * under the title instead, so the title keeps room to be read.
 */
const cellSx = { px: { xs: 1, sm: 2 } } as const;
const wideOnlySx = { ...cellSx, display: { xs: 'none', sm: 'table-cell' } } as const;
const hiddenOnPhones = (theme: Theme) => ({ [theme.breakpoints.down('sm')]: visuallyHiddenSx });

function ProductCell({ order }: { order: MyOrder }) {
  const { product } = order;
  const src = product?.image[0];
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: { xs: 1, sm: 1.5 }, minWidth: 0 }}>
      <ProductThumbnail src={src} />
      <Box sx={{ minWidth: 0 }}>
        {product && !product.onSale ? (
          // Its page is gone (taken off sale): the title as text, the download stays.
          <>
            <Typography variant="body2" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
              {product.title}
            </Typography>
            <Typography variant="caption" color="textSecondary" sx={{ display: 'block' }}>
              {OrderMessages.productNoLongerSold}
            </Typography>
          </>
        ) : product ? (
          <Link
            component={RouterLink}
            to={`/product/${encodeURIComponent(product._id)}`}
            variant="body2"
            underline="hover"
            sx={{ fontWeight: 500, color: 'text.primary', overflowWrap: 'anywhere' }}
          >
            {product.title}
          </Link>
        ) : (
          <Typography variant="body2" color="textSecondary" sx={{ fontWeight: 500 }}>
            {OrderMessages.productMissing}
          </Typography>
        )}
        <ProductUpdatedNote order={order} />
        <Box
          sx={{
            display: { xs: 'flex', sm: 'none' },
            flexWrap: 'wrap',
            alignItems: 'center',
            gap: 1,
            mt: 0.5,
          }}
        >
          <OrderStatusChip status={order.status} />
          <Typography variant="caption" color="textSecondary">
            {formatOrderDateTime(order.createdAt)}
          </Typography>
          {heldReason(order) && (
            <HeldNote text={heldReason(order)!} display={{ xs: 'inline-flex', sm: 'none' }} />
          )}
          <DownloadsUsed order={order} sx={{ display: { xs: 'inline', sm: 'none' } }} />
          <CompletePaymentLink order={order} display={{ xs: 'inline-flex', sm: 'none' }} />
        </Box>
        <LicenseKey licenseKey={order.status === 'paid' ? order.licenseKey : null} />
      </Box>
    </Box>
  );
}

/** Download (with the downloads left), why the file is held, or the checkout to finish. */
function OrderAction({
  order,
  downloadingId,
  onDownload,
}: Pick<MyOrdersTableProps, 'downloadingId' | 'onDownload'> & { order: MyOrder }) {
  // Each file counts its own downloads: an order of several files offers each one, even once
  // one file has used up the limit (the order's count is its highest file's).
  const isPaidFree = order.status === 'paid' && order.dispute !== 'open';
  return heldReason(order) ? (
    <OrderFileDownloads
      orderId={order._id}
      isDownloadable={isPaidFree}
      single={<HeldNote text={heldReason(order)!} display={{ xs: 'none', sm: 'inline-flex' }} />}
    />
  ) : order.status === 'paid' ? (
    <>
      <OrderFileDownloads
        orderId={order._id}
        isDownloadable={isPaidFree}
        single={
          <Button
            variant="outlined"
            size="small"
            startIcon={<DownloadIcon />}
            aria-label={`Download ${order.product?.title ?? `order ${order._id}`}`}
            loading={downloadingId === order._id}
            loadingPosition="start"
            disabled={downloadingId !== null && downloadingId !== order._id}
            onClick={() => onDownload(order)}
            sx={{
              whiteSpace: 'nowrap',
              minWidth: { xs: 40, sm: 0 },
              // Icon only on phones; the word stays for screen readers.
              '& .MuiButton-startIcon': {
                mr: { xs: 0, sm: 1 },
                ml: { xs: 0, sm: -0.25 },
              },
            }}
          >
            <Box component="span" sx={hiddenOnPhones}>
              Download
            </Box>
          </Button>
        }
      />
      <DownloadsUsed order={order} sx={{ display: { xs: 'none', sm: 'block' }, mt: 0.5 }} />
      <EmailReceiptButton order={order} />
    </>
  ) : (
    <CompletePaymentLink order={order} display={{ xs: 'none', sm: 'inline-flex' }} />
  );
}

/** Product, Amount, Status and Date, and an Actions column named for screen readers only. */
function MyOrdersHead() {
  return (
    <TableHead>
      <TableRow>
        <TableCell sx={cellSx}>Product</TableCell>
        <TableCell sx={{ ...cellSx, whiteSpace: 'nowrap' }} align="right">
          Amount
        </TableCell>
        <TableCell sx={wideOnlySx}>Status</TableCell>
        <TableCell sx={wideOnlySx}>Date</TableCell>
        {/* Positioned, so the hidden label stays inside the cell instead of widening the page. */}
        <TableCell sx={{ ...cellSx, position: 'relative' }} align="right">
          <Box component="span" sx={visuallyHiddenSx}>
            Actions
          </Box>
        </TableCell>
      </TableRow>
    </TableHead>
  );
}

/** The buyer's orders, one page at a time from the server, with a download for each paid one. */
export function MyOrdersTable({
  labelledBy,
  orders,
  total,
  page,
  pageSize,
  isLoadingPage,
  onPageChange,
  onPageSizeChange,
  downloadingId,
  onDownload,
}: MyOrdersTableProps) {
  // An old page past the end (orders removed meanwhile) still offers a way back.
  const lastPage = Math.max(0, Math.ceil(total / pageSize) - 1);

  return (
    <Paper variant="outlined">
      <TableContainer>
        <Table
          aria-labelledby={labelledBy}
          aria-busy={isLoadingPage}
          sx={{ opacity: isLoadingPage ? 0.6 : 1, transition: 'opacity 150ms ease' }}
        >
          <MyOrdersHead />
          <TableBody>
            {orders.map((order) => (
              <TableRow key={order._id}>
                <TableCell sx={{ ...cellSx, minWidth: { sm: 220 } }}>
                  <ProductCell order={order} />
                </TableCell>
                <TableCell sx={{ ...cellSx, whiteSpace: 'nowrap' }} align="right">
                  <OrderAmount order={order} />
                </TableCell>
                <TableCell sx={wideOnlySx}>
                  <OrderStatusChip status={order.status} />
                </TableCell>
                <TableCell sx={{ ...wideOnlySx, whiteSpace: 'nowrap' }}>
                  <time dateTime={order.createdAt}>{formatOrderDateTime(order.createdAt)}</time>
                </TableCell>
                <TableCell sx={cellSx} align="right">
                  <OrderAction
                    order={order}
                    downloadingId={downloadingId}
                    onDownload={onDownload}
                  />
                  <InvoiceLinks order={order} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={total}
        page={Math.min(page, lastPage)}
        rowsPerPage={pageSize}
        rowsPerPageOptions={[...MY_ORDERS_PAGE_SIZES]}
        onPageChange={(_event, next) => onPageChange(next)}
        onRowsPerPageChange={(event) => onPageSizeChange(Number(event.target.value))}
        sx={{
          borderTop: 1,
          borderColor: 'divider',
          '& .MuiTablePagination-toolbar': {
            flexWrap: 'wrap',
            justifyContent: 'flex-end',
            px: { xs: 1, sm: 2 },
          },
          // The spacer would take a line of its own once the bar wraps on a phone.
          '& .MuiTablePagination-spacer': { display: { xs: 'none', sm: 'block' } },
          '& .MuiTablePagination-actions': { ml: { xs: 1, sm: 2.5 } },
        }}
      />
    </Paper>
  );
}
