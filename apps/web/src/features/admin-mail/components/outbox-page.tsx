import {
  MAIL_STATUSES,
  MailMessages,
  type MailKind,
  type MailStatus,
  type OutboxMail,
} from '@bindery/shared';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useSearchParams } from 'react-router';
import { RetryAlert } from '../../../components/retry-alert';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { formatOrderDate } from '../../../lib/format-order-date';
import { useOutbox, useRetryMail } from '../api/outbox';

const KIND_LABELS: Record<MailKind, string> = {
  receipt: 'Receipt',
  refund: 'Refund notice',
  'password-reset': 'Password reset',
  'password-changed': 'Password changed',
};

const STATUS_LABELS: Record<MailStatus, string> = {
  failed: 'Failed',
  pending: 'Waiting',
  sent: 'Sent',
};

const EMPTY_TEXT: Record<MailStatus, string> = {
  failed: MailMessages.noFailed,
  pending: MailMessages.noPending,
  sent: MailMessages.noSent,
};

const isStatus = (value: string | null): value is MailStatus =>
  (MAIL_STATUSES as readonly string[]).includes(value ?? '');

/** When it happened, or what happens next: the line under an email's subject. */
function mailTiming(mail: OutboxMail): string {
  if (mail.status === 'sent' && mail.sentAt) return `Sent ${formatOrderDate(mail.sentAt)}`;
  if (mail.status === 'pending' && mail.nextAttemptAt) {
    return mail.attempts === 0
      ? 'Sending now'
      : `Next try ${formatOrderDate(mail.nextAttemptAt)} (${mail.attempts} ${mail.attempts === 1 ? 'try' : 'tries'} so far)`;
  }
  return `Tried ${mail.attempts} ${mail.attempts === 1 ? 'time' : 'times'}`;
}

/**
 * The owner's view of the store's email: what failed (with the mail server's reason and a
 * Retry), what is waiting for its next try, and what was sent in the last 30 days.
 */
export function OutboxPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const statusParam = searchParams.get('status');
  const status: MailStatus = isStatus(statusParam) ? statusParam : 'failed';
  const page = Math.max(1, Number.parseInt(searchParams.get('page') ?? '1', 10) || 1);
  const outbox = useOutbox(status, page);
  const retryMail = useRetryMail();
  const data = outbox.data;

  const show = (next: { status?: MailStatus; page?: number }) =>
    setSearchParams((current) => {
      const params = new URLSearchParams(current);
      if (next.status) {
        params.set('status', next.status);
        params.delete('page');
      }
      if (next.page !== undefined) {
        if (next.page > 1) params.set('page', String(next.page));
        else params.delete('page');
      }
      return params;
    });

  const retry = (mail: OutboxMail) =>
    retryMail.mutate(mail._id, {
      onSuccess: () => toast.success(MailMessages.retried),
      onError: (error) =>
        toast.error(MailMessages.retryFailed(errorMessage(error, 'please try again'))),
    });

  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, sm: 5 } }}>
      <Box sx={{ mb: 3 }}>
        <Typography component="h1" variant="h4" sx={{ fontWeight: 700 }}>
          {MailMessages.outboxTitle}
        </Typography>
        <Typography color="textSecondary">
          Receipts, refund notices and password reset links the store sends. Email the mail server
          could not take is tried again for a day, then listed under Failed.
        </Typography>
      </Box>

      {data?.delivery === 'log' && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {MailMessages.logDelivery}
        </Alert>
      )}

      <ToggleButtonGroup
        exclusive
        size="small"
        color="primary"
        aria-label="Which email to show"
        value={status}
        onChange={(_event, value: MailStatus | null) => {
          if (value) show({ status: value });
        }}
        sx={{ mb: 2, bgcolor: 'background.paper' }}
      >
        {(['failed', 'pending', 'sent'] as const).map((value) => (
          <ToggleButton key={value} value={value}>
            {value === 'failed' && data && data.failed > 0
              ? `${STATUS_LABELS[value]} (${data.failed})`
              : STATUS_LABELS[value]}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>

      {outbox.isError && (
        <RetryAlert onRetry={() => void outbox.refetch()}>
          <AlertTitle>{MailMessages.outboxLoadFailed}</AlertTitle>
          {outbox.error instanceof ApiError && outbox.error.serverMessage}
        </RetryAlert>
      )}

      {outbox.isPending ? (
        <Stack role="status" spacing={2} sx={{ alignItems: 'center', py: 10 }}>
          <CircularProgress aria-hidden />
          <Typography color="textSecondary">Loading email...</Typography>
        </Stack>
      ) : data && data.mails.length === 0 ? (
        <Typography color="textSecondary" sx={{ py: 4 }}>
          {EMPTY_TEXT[status]}
        </Typography>
      ) : data ? (
        <Stack
          component="ul"
          spacing={1.5}
          aria-label={`${STATUS_LABELS[status]} email`}
          sx={{ p: 0, m: 0, listStyle: 'none' }}
        >
          {data.mails.map((mail) => (
            <Paper component="li" key={mail._id} variant="outlined" sx={{ p: 2 }}>
              <Stack
                direction={{ xs: 'column', sm: 'row' }}
                spacing={2}
                sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-start' } }}
              >
                <Box sx={{ minWidth: 0 }}>
                  <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
                    {mail.subject}
                  </Typography>
                  <Typography
                    variant="body2"
                    color="textSecondary"
                    sx={{ overflowWrap: 'anywhere' }}
                  >
                    {KIND_LABELS[mail.kind]} to {mail.to} · queued {formatOrderDate(mail.createdAt)}
                  </Typography>
                  <Typography variant="body2" color="textSecondary">
                    {mailTiming(mail)}
                  </Typography>
                  {mail.lastError && mail.status !== 'sent' && (
                    <Typography
                      variant="body2"
                      color="error"
                      sx={{ mt: 0.5, overflowWrap: 'anywhere' }}
                    >
                      {mail.lastError}
                    </Typography>
                  )}
                </Box>
                {mail.status === 'failed' && (
                  <Button
                    variant="outlined"
                    size="small"
                    onClick={() => retry(mail)}
                    loading={retryMail.isPending && retryMail.variables === mail._id}
                    aria-label={`${MailMessages.retry}: ${mail.subject} to ${mail.to}`}
                    sx={{ flexShrink: 0, alignSelf: { xs: 'flex-start' } }}
                  >
                    {MailMessages.retry}
                  </Button>
                )}
              </Stack>
            </Paper>
          ))}
        </Stack>
      ) : null}

      {data && data.pages > 1 && (
        <Stack direction="row" spacing={2} sx={{ mt: 3, alignItems: 'center' }}>
          <Button disabled={page <= 1} onClick={() => show({ page: page - 1 })}>
            Previous
          </Button>
          <Typography variant="body2">
            Page {page} of {data.pages}
          </Typography>
          <Button disabled={page >= data.pages} onClick={() => show({ page: page + 1 })}>
            Next
          </Button>
        </Stack>
      )}
    </Container>
  );
}
