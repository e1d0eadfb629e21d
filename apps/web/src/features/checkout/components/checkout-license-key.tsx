import { useEffect } from 'react';
import { LicenseKey } from '../../orders';
import { useCheckoutOrder } from '../api/get-checkout-order';

/**
 * The key of the order just paid, under the download. The order may have been read while its
 * payment was still being confirmed (before it had a key): read once more when it is ready.
 */
export function CheckoutLicenseKey({ sessionId }: { sessionId: string }) {
  const order = useCheckoutOrder(sessionId);
  const isStale = order.data !== undefined && order.data.status !== 'paid';
  const { refetch } = order;
  useEffect(() => {
    if (isStale) void refetch();
  }, [isStale, refetch]);
  return (
    <LicenseKey
      licenseKey={order.data?.licenseKey ?? null}
      sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center' }}
    />
  );
}
