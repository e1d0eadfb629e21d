import { CheckoutMessages, OwnershipMessages } from '@bindery/shared';
import { lazy, Suspense, useId, useState } from 'react';
import { toast } from '../../../lib/toast';
import { errorMessage } from '../../../lib/api-client';
import { Button } from '../../../ui/button';
import { Icon } from '../../../ui/icon';
import { useCreateOrderDownloadLink } from '../../orders';

// MUI's Dialog (with its Modal and theme), fetched when Buy again is first pressed.
const BuyAgainDialog = lazy(() =>
  import('./buy-again-dialog').then((m) => ({ default: m.BuyAgainDialog })),
);

export interface OwnedProductActionsProps {
  /** The paid order that makes the product the buyer's; its file is downloaded. */
  orderId: string;
  /** True while a second purchase is being started. */
  isBuying: boolean;
  onBuyAgain: () => void;
  /** Sizes the main action for the place it sits in, as it sizes Buy Now. */
  buttonClassName?: string;
}

/**
 * For a buyer who owns the product: "You own this", Download (a fresh link, as My Orders gets),
 * and Buy again behind a confirmation. Compact enough for a phone's sticky buy bar.
 */
export function OwnedProductActions({
  orderId,
  isBuying,
  onBuyAgain,
  buttonClassName,
}: OwnedProductActionsProps) {
  const labelId = useId();
  const [isConfirming, setIsConfirming] = useState(false);
  // Kept mounted once opened, so the dialog's closing animation still plays.
  const [hasConfirmed, setHasConfirmed] = useState(false);
  const downloadLink = useCreateOrderDownloadLink();

  const download = () => {
    downloadLink.mutate(orderId, {
      // The file comes as an attachment: the browser saves it and the page stays.
      onSuccess: ({ downloadUrl }) => window.location.assign(downloadUrl),
      onError: (error) => toast.error(errorMessage(error, CheckoutMessages.downloadLinkFailed)),
    });
  };

  return (
    // Takes the room Buy Now would take: the whole bar on a phone, a button's width beside Share.
    <div role="group" aria-labelledby={labelId} className="owned-actions">
      <div className="owned-actions__status">
        <Icon name="checkCircle" size="small" className="owned-actions__check" />
        <p id={labelId} className="owned-actions__label t-body2">
          {OwnershipMessages.youOwnThis}
        </p>
        <Button
          size="small"
          onClick={() => {
            setHasConfirmed(true);
            setIsConfirming(true);
          }}
          disabled={isBuying}
          className="owned-actions__buy-again"
        >
          {OwnershipMessages.buyAgain}
        </Button>
      </div>
      <Button
        variant="contained"
        size="large"
        startIcon={<Icon name="download" />}
        loading={downloadLink.isPending}
        className={buttonClassName}
        onClick={download}
      >
        {OwnershipMessages.download}
      </Button>

      {hasConfirmed && (
        <Suspense fallback={null}>
          <BuyAgainDialog
            open={isConfirming}
            isBuying={isBuying}
            onCancel={() => setIsConfirming(false)}
            onConfirm={onBuyAgain}
          />
        </Suspense>
      )}
    </div>
  );
}
