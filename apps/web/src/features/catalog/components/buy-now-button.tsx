import { CheckoutMessages, ErrorCode } from '@bindery/shared';
import ShoppingBagOutlinedIcon from '@mui/icons-material/ShoppingBagOutlined';
import Button, { type ButtonProps } from '@mui/material/Button';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { ApiError, errorMessage, GENERIC_ERROR_MESSAGE } from '../../../lib/api-client';
import { useSessionStore } from '../../../lib/session-store';
import { useCreateCheckoutSession } from '../api/create-checkout-session';

export interface BuyNowButtonProps extends Omit<ButtonProps, 'onClick'> {
  productId: string;
}

/**
 * Signed out: to the login, which brings the buyer back here. Signed in: creates a checkout
 * session and sends the browser to the hosted checkout page.
 */
export function BuyNowButton({ productId, ...props }: BuyNowButtonProps) {
  const isAuthenticated = useSessionStore((state) => state.isAuthenticated);
  const clearSession = useSessionStore((state) => state.logout);
  const navigate = useNavigate();
  const checkout = useCreateCheckoutSession();
  // Stays busy after success too: the page is about to be left.
  const isBusy = checkout.isPending || checkout.isSuccess;
  const returnTarget = { from: `/product/${productId}` };

  const buy = () => {
    if (!isAuthenticated) {
      void navigate('/login', { state: returnTarget });
      return;
    }
    checkout.mutate(
      { productId },
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

  return (
    <Button
      variant="contained"
      size="large"
      startIcon={<ShoppingBagOutlinedIcon />}
      loading={isBusy}
      loadingPosition="start"
      {...props}
      onClick={buy}
    >
      {isBusy ? CheckoutMessages.processing : 'Buy Now'}
    </Button>
  );
}
