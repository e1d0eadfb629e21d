import {
  InvoiceMessages,
  creditNotePath,
  hasCreditNote,
  hasInvoice,
  invoicePath,
} from '@bindery/shared';
import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import RequestQuoteOutlinedIcon from '@mui/icons-material/RequestQuoteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { ReactNode } from 'react';

interface InvoiceOrder {
  _id: string;
  status: string;
  paidAt: string | null;
  product: { title: string } | null;
}

function DocumentLink({
  href,
  label,
  icon,
  children,
}: {
  href: string;
  label: string;
  icon: ReactNode;
  children: ReactNode;
}) {
  return (
    <Button
      component="a"
      href={href}
      download
      size="small"
      startIcon={icon}
      aria-label={label}
      sx={{ whiteSpace: 'nowrap', ml: 'auto' }}
    >
      {children}
    </Button>
  );
}

/**
 * The order's invoice, and its credit note once refunded: PDFs the browser downloads (the
 * server answers them to the order's buyer and admins only).
 */
export function InvoiceLinks({ order }: { order: InvoiceOrder }) {
  if (!hasInvoice(order)) return null;
  const what = order.product?.title ?? `order ${order._id}`;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-end', mt: 0.5 }}>
      <DocumentLink
        href={invoicePath(order._id)}
        label={`${InvoiceMessages.invoice}: ${what}`}
        icon={<ReceiptLongOutlinedIcon />}
      >
        {InvoiceMessages.invoice}
      </DocumentLink>
      {hasCreditNote(order) && (
        <DocumentLink
          href={creditNotePath(order._id)}
          label={`${InvoiceMessages.creditNote}: ${what}`}
          icon={<RequestQuoteOutlinedIcon />}
        >
          {InvoiceMessages.creditNote}
        </DocumentLink>
      )}
    </Box>
  );
}
