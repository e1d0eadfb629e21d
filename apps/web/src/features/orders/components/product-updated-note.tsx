import { ProductUpdateMessages } from '@bindery/shared';
import Typography from '@mui/material/Typography';
import { getStoreConfig } from '../../../lib/store-config';
import type { MyOrder } from '../api/get-my-orders';

/** "Jan 2, 2026" in the store's locale, or "" for a date that cannot be read. */
function formatUpdateDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(getStoreConfig().locale, { dateStyle: 'medium' }).format(date);
}

/** "Updated Jan 2, 2026": the product's files changed since the buyer last downloaded them. */
export function ProductUpdatedNote({ order }: { order: Pick<MyOrder, 'productUpdatedAt'> }) {
  if (!order.productUpdatedAt) return null;
  return (
    <Typography variant="caption" sx={{ display: 'block', color: 'primary.main', fontWeight: 600 }}>
      <time dateTime={order.productUpdatedAt}>
        {ProductUpdateMessages.updatedOn(formatUpdateDate(order.productUpdatedAt))}
      </time>
    </Typography>
  );
}
