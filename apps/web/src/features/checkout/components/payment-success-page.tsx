import {
  CheckoutMessages,
  InvoiceMessages,
  OwnershipMessages,
  invoicePath,
  type DownloadLinkResponse,
} from '@bindery/shared';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import CheckCircleOutlinedIcon from '@mui/icons-material/CheckCircleOutlined';
import DownloadIcon from '@mui/icons-material/Download';
import ErrorOutlineOutlinedIcon from '@mui/icons-material/ErrorOutlineOutlined';
import HourglassTopIcon from '@mui/icons-material/HourglassTop';
import RefreshIcon from '@mui/icons-material/Refresh';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Divider from '@mui/material/Divider';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { errorMessage } from '../../../lib/api-client';
import {
  PAYMENT_CHECK,
  isPaymentNotConfirmed,
  useDownloadLink,
} from '../api/generate-download-link';
import { useCheckoutOrder } from '../api/get-checkout-order';
import { OrderFileDownloads } from '../../orders';
import { CheckoutLicenseKey } from './checkout-license-key';

type Tone = 'success' | 'warning' | 'error';

function StateIcon({ tone, children }: { tone: Tone; children: ReactNode }) {
  return (
    <Box
      aria-hidden
      sx={{
        display: 'grid',
        placeItems: 'center',
        width: 72,
        height: 72,
        alignSelf: 'center',
        borderRadius: '50%',
        color: `${tone}.dark`,
        bgcolor: (theme) => alpha(theme.palette[tone].main, 0.12),
        '& svg': { fontSize: 40 },
      }}
    >
      {children}
    </Box>
  );
}

const MyOrdersLink = () => (
  <Link component={RouterLink} to="/my-orders">
    My Orders
  </Link>
);

/** "This link works for 15 minutes.", from the expiry the server gave when it made the link. */
function lifetimeText({ expiresAt }: DownloadLinkResponse, receivedAt: number): string {
  const minutes = Math.round((Date.parse(expiresAt) - receivedAt) / 60_000);
  if (!Number.isFinite(minutes) || minutes < 1) return 'This link expires soon.';
  return `This link works for ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`;
}

function Verifying() {
  return (
    <Stack role="status" spacing={2} sx={{ alignItems: 'center', py: 2 }}>
      <CircularProgress aria-hidden />
      <Typography color="textSecondary">Verifying your payment...</Typography>
    </Stack>
  );
}

function Ready({
  link,
  receivedAt,
  orderId,
}: {
  link: DownloadLinkResponse;
  receivedAt: number;
  /** The paid order, once known: its invoice downloads from here too. */
  orderId: string | undefined;
}) {
  return (
    <Stack spacing={2.5} sx={{ alignItems: 'center' }}>
      <Typography color="textSecondary">
        Thank you for your purchase. Your file is ready.
      </Typography>
      <Button
        href={link.downloadUrl}
        target="_blank"
        rel="noopener"
        variant="contained"
        size="large"
        startIcon={<DownloadIcon />}
      >
        {CheckoutMessages.downloadYourFile}
      </Button>
      {orderId && <OrderFileDownloads orderId={orderId} isDownloadable skipFirst />}
      <Typography variant="body2" color="textSecondary" sx={{ maxWidth: 420 }}>
        {lifetimeText(link, receivedAt)} You can always get a fresh one from <MyOrdersLink />.
      </Typography>
      {orderId && (
        <Link href={invoicePath(orderId)} download variant="body2">
          {InvoiceMessages.downloadInvoice}
        </Link>
      )}
    </Stack>
  );
}

function AwaitingConfirmation({
  message,
  isChecking,
  isPolling,
  onCheckAgain,
}: {
  message: string;
  isChecking: boolean;
  isPolling: boolean;
  onCheckAgain: () => void;
}) {
  return (
    <Stack spacing={2} sx={{ alignItems: 'center' }}>
      <Box role="status" sx={{ width: '100%' }}>
        <Typography component="h2" variant="h6" sx={{ fontWeight: 600, mb: 0.5 }}>
          Waiting for payment confirmation
        </Typography>
        <Typography color="textSecondary">{message}</Typography>
        <Typography variant="body2" color="textSecondary" sx={{ mt: 1 }}>
          {isPolling ? (
            'We check again every few seconds.'
          ) : (
            <>
              This is taking longer than usual. Check again in a moment; your order also waits in{' '}
              <MyOrdersLink />.
            </>
          )}
        </Typography>
      </Box>
      {isPolling && <LinearProgress aria-hidden sx={{ width: '100%', maxWidth: 240 }} />}
      <Button
        variant="outlined"
        startIcon={<RefreshIcon />}
        loading={isChecking}
        loadingPosition="start"
        onClick={onCheckAgain}
      >
        Check again
      </Button>
    </Stack>
  );
}

function Failed({ message }: { message: string }) {
  return (
    <Stack spacing={2}>
      <Alert severity="error" sx={{ textAlign: 'left' }}>
        <Typography component="h2" sx={{ fontWeight: 600, mb: 0.5 }}>
          {CheckoutMessages.verificationFailed}
        </Typography>
        {message}
      </Alert>
      <Typography variant="body2" color="textSecondary">
        If you completed the payment, your order is in <MyOrdersLink />.
      </Typography>
    </Stack>
  );
}

/**
 * Where the hosted checkout returns after payment (`?session_id=`): verifies the payment with the
 * server and offers the file. A payment the provider has not confirmed yet is checked again.
 */
export function PaymentSuccessPage() {
  const [searchParams] = useSearchParams();
  const sessionId = searchParams.get('session_id')?.trim() ?? '';
  const link = useDownloadLink(sessionId);
  const order = useCheckoutOrder(sessionId);
  const productTitle = order.data?.product?.title;

  let icon: ReactNode = null;
  let body: ReactNode;
  if (!sessionId) {
    icon = (
      <StateIcon tone="error">
        <ErrorOutlineOutlinedIcon />
      </StateIcon>
    );
    body = <Failed message={CheckoutMessages.downloadLinkFailed} />;
  } else if (link.data) {
    icon = (
      <StateIcon tone="success">
        <CheckCircleOutlinedIcon />
      </StateIcon>
    );
    body = <Ready link={link.data} receivedAt={link.dataUpdatedAt} orderId={order.data?._id} />;
  } else if (link.isError && isPaymentNotConfirmed(link.error)) {
    icon = (
      <StateIcon tone="warning">
        <HourglassTopIcon />
      </StateIcon>
    );
    body = (
      <AwaitingConfirmation
        message={errorMessage(link.error, CheckoutMessages.paymentPending)}
        isChecking={link.isFetching}
        isPolling={link.errorUpdateCount < PAYMENT_CHECK.maxAttempts}
        onCheckAgain={() => void link.refetch()}
      />
    );
  } else if (link.isError) {
    icon = (
      <StateIcon tone="error">
        <ErrorOutlineOutlinedIcon />
      </StateIcon>
    );
    body = <Failed message={errorMessage(link.error, CheckoutMessages.downloadLinkFailed)} />;
  } else {
    body = <Verifying />;
  }

  return (
    <Container maxWidth="sm" sx={{ py: { xs: 4, sm: 8 } }}>
      <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center' }}>
        <Stack spacing={3}>
          {icon}
          <Typography component="h1" variant="h4" sx={{ fontWeight: 700 }}>
            {CheckoutMessages.paymentSuccessful}
          </Typography>
          {productTitle && (
            <Typography
              data-testid="purchased-product"
              sx={{ fontWeight: 600, fontSize: '1.125rem', overflowWrap: 'anywhere' }}
            >
              {OwnershipMessages.purchased(productTitle)}
            </Typography>
          )}
          {body}
          {link.data && <CheckoutLicenseKey sessionId={sessionId} />}
          <Divider />
          <Box>
            <Button component={RouterLink} to="/products" startIcon={<ArrowBackIcon />}>
              Back to Products
            </Button>
          </Box>
        </Stack>
      </Paper>
    </Container>
  );
}
