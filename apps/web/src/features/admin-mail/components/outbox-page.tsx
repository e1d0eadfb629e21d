import { MailMessages, type MailStatus, type OutboxMail } from '@bindery/shared';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { RetryAlert } from '../../../components/retry-alert';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useOutbox, useRetryMail } from '../api/outbox';
import { MailItem } from './mail-item';
import { OutboxPager } from './outbox-pager';
import { OutboxStatusFilter, STATUS_LABELS } from './outbox-status-filter';
import { useOutboxPlace } from './use-outbox-place';

const EMPTY_TEXT: Record<MailStatus, string> = {
  failed: MailMessages.noFailed,
  pending: MailMessages.noPending,
  sent: MailMessages.noSent,
};

/**
 * The owner's view of the store's email: what failed (with the mail server's reason and a
 * Retry), what is waiting for its next try, and what was sent in the last 30 days.
 */
export function OutboxPage() {
  const { status, page, show } = useOutboxPlace();
  const outbox = useOutbox(status, page);
  const retryMail = useRetryMail();
  const data = outbox.data;

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

      <OutboxStatusFilter
        status={status}
        failed={data?.failed}
        onChange={(value) => show({ status: value })}
      />

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
            <MailItem
              key={mail._id}
              mail={mail}
              isRetrying={retryMail.isPending && retryMail.variables === mail._id}
              onRetry={retry}
            />
          ))}
        </Stack>
      ) : null}

      {data && data.pages > 1 && (
        <OutboxPager page={page} pages={data.pages} onPage={(next) => show({ page: next })} />
      )}
    </Container>
  );
}
