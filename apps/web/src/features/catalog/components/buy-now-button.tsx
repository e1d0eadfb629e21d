import { CheckoutMessages, ErrorCode, PricingMessages } from '@bindery/shared';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { useHref, useNavigate } from 'react-router';
import { toast } from '../../../lib/toast';
import { ApiError, errorMessage, GENERIC_ERROR_MESSAGE } from '../../../lib/api-client';
import { useSessionStore } from '../../../lib/session-store';
import { useIsHydrated } from '../../../lib/use-is-hydrated';
import { Button, LinkButton } from '../../../ui/button';
import { Icon } from '../../../ui/icon';
import { productOwnershipQuery, useProductOwnership } from '../../orders';
import { useCreateCheckoutSession } from '../api/create-checkout-session';

// Only owners see it, after the ownership check: its dialog (MUI's Modal) stays off the first load.
const OwnedProductActions = lazy(() =>
  import('./owned-product-actions').then((m) => ({ default: m.OwnedProductActions })),
);

/** What the buyer chose on the page, sent with the checkout: an applied code, an amount. */
export interface PurchaseChoice {
  discountCode?: string | undefined;
  /** A pay-what-you-want product's amount (major units); 0 is a free download. */
  amount?: number | undefined;
  /** Why the checkout cannot start yet (an amount below the minimum), shown instead. */
  blockedBy?: string | undefined;
}

export interface BuyNowButtonProps {
  productId: string;
  purchase?: PurchaseChoice;
  /** Sizes the main action for the place it sits in (beside Share, or the phone's buy bar). */
  className?: string;
}

/**
 * Starts a checkout for the product. Signed out: to the login, which brings the buyer back to
 * the product page. Signed in: creates a checkout session and sends the browser to the hosted
 * checkout page; `isBusy` stays true after success too, as the page is about to be left.
 */
export function useStartCheckout(productId: string, purchase: PurchaseChoice = {}) {
  const isAuthenticated = useSessionStore((state) => state.isAuthenticated);
  const clearSession = useSessionStore((state) => state.logout);
  const navigate = useNavigate();
  const checkout = useCreateCheckoutSession();
  // Back to the product after signing in, with the code the buyer applied.
  const codeQuery = purchase.discountCode
    ? `?code=${encodeURIComponent(purchase.discountCode)}`
    : '';
  const returnTarget = { from: `/product/${productId}${codeQuery}` };

  const start = () => {
    if (purchase.blockedBy) {
      toast.error(purchase.blockedBy);
      return;
    }
    if (!isAuthenticated) {
      void navigate('/login', { state: returnTarget });
      return;
    }
    checkout.mutate(
      {
        productId,
        ...(purchase.discountCode ? { discountCode: purchase.discountCode } : {}),
        ...(purchase.amount !== undefined ? { amount: purchase.amount } : {}),
      },
      {
        onSuccess: ({ url }) => window.location.assign(url),
        onError: (error) => {
          // The stored session was only a hint and has expired: sign in again, then come back.
          // Only the store's own "not signed in" does that; no other failure signs anyone out.
          if (
            error instanceof ApiError &&
            error.status === 401 &&
            error.code === ErrorCode.unauthorized
          ) {
            clearSession();
            void navigate('/login', { state: returnTarget });
            return;
          }
          toast.error(CheckoutMessages.sessionFailed(errorMessage(error, GENERIC_ERROR_MESSAGE)));
        },
      },
    );
  };

  return { start, isBusy: checkout.isPending || checkout.isSuccess };
}

/**
 * The product page's buying action, wherever the page puts it. Visitors and buyers who do not
 * own the product get Buy Now; a buyer who owns it gets "You own this" with Download, and can
 * still buy again after confirming. `className` sizes the main action either way.
 */
export function BuyNowButton({ productId, purchase, className }: BuyNowButtonProps) {
  const isAuthenticated = useSessionStore((state) => state.isAuthenticated);
  const ownership = useProductOwnership(productId, isAuthenticated);
  const checkout = useStartCheckout(productId, purchase);
  const queryClient = useQueryClient();
  const isHydrated = useIsHydrated();
  const buyHref = useHref(`/product/${encodeURIComponent(productId)}/buy`);

  // Before the app runs (or without scripts): a link the server answers, to the login or to
  // the checkout. Once the app runs, the button below does the same with "Processing...".
  if (!isHydrated) {
    return (
      <LinkButton
        href={buyHref}
        variant="contained"
        size="large"
        startIcon={<Icon name="shoppingBagOutlined" />}
        className={className}
      >
        {CheckoutMessages.buyNow}
      </LinkButton>
    );
  }

  if (isAuthenticated && ownership.data?.owned && ownership.data.orderId) {
    return (
      <Suspense fallback={null}>
        <OwnedProductActions
          orderId={ownership.data.orderId}
          isBuying={checkout.isBusy}
          onBuyAgain={checkout.start}
          buttonClassName={className}
        />
      </Suspense>
    );
  }

  // A click before the ownership check has answered waits for it: an owner gets the view
  // above instead of a second purchase. A failed check leaves Buy Now as it always was.
  const buy = async () => {
    if (isAuthenticated && ownership.isPending) {
      const answer = await queryClient
        .fetchQuery(productOwnershipQuery(productId))
        .catch(() => null);
      if (answer?.owned) return;
    }
    checkout.start();
  };

  return (
    <Button
      variant="contained"
      size="large"
      startIcon={<Icon name="shoppingBagOutlined" />}
      loading={checkout.isBusy}
      className={className}
      onClick={() => void buy()}
    >
      {checkout.isBusy
        ? CheckoutMessages.processing
        : purchase?.amount === 0
          ? PricingMessages.getItFree
          : CheckoutMessages.buyNow}
    </Button>
  );
}
