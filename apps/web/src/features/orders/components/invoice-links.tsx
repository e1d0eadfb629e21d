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
import type { Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { visuallyHiddenSx } from '../../../components/visually-hidden';

const hiddenOnPhones = (theme: Theme) => ({ [theme.breakpoints.down('sm')]: visuallyHiddenSx });

interface InvoiceOrder {
  _id: string;
  status: string;
  paidAt: string | null;
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
      sx={{
        whiteSpace: 'nowrap',
        minWidth: { xs: 40, sm: 0 },
        // Icon only on phones, as Download; the words stay for screen readers.
        '& .MuiButton-startIcon': { mr: { xs: 0, sm: 1 }, ml: { xs: 0, sm: -0.25 } },
      }}
    >
      <Box component="span" sx={hiddenOnPhones}>
        {children}
      </Box>
    </Button>
  );
}

/**
 * The order's invoice, and its credit note once refunded. Their names leave the product's title
 * to the row (a link named for it is the product's page): PDFs the browser downloads (the
 * server answers them to the order's buyer and admins only).
 */
export function InvoiceLinks({ order }: { order: InvoiceOrder }) {
  if (!hasInvoice(order)) return null;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-end', mt: 0.5 }}>
      <DocumentLink
        href={invoicePath(order._id)}
        label={`${InvoiceMessages.invoice} (PDF)`}
        icon={<ReceiptLongOutlinedIcon />}
      >
        {InvoiceMessages.invoice}
      </DocumentLink>
      {hasCreditNote(order) && (
        <DocumentLink
          href={creditNotePath(order._id)}
          label={`${InvoiceMessages.creditNote} (PDF)`}
          icon={<RequestQuoteOutlinedIcon />}
        >
          {InvoiceMessages.creditNote}
        </DocumentLink>
      )}
    </Box>
  );
}
