import { MailMessages, type MailKind, type OutboxMail } from '@bindery/shared';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatOrderDate } from '../../../lib/format-order-date';

const KIND_LABELS: Record<MailKind, string> = {
  receipt: 'Receipt',
  refund: 'Refund notice',
  'password-reset': 'Password reset',
  'password-changed': 'Password changed',
  'product-update': 'Product update',
};

/** When it happened, or what happens next: the line under an email's subject. */
function mailTiming(mail: OutboxMail): string {
  if (mail.status === 'sent' && mail.sentAt) {
    // Without SMTP_URL nothing left the machine: say where it went instead.
    const how = mail.deliveredBy === 'log' ? MailMessages.writtenToLog : 'Sent';
    return `${how} ${formatOrderDate(mail.sentAt)}`;
  }
  if (mail.status === 'pending' && mail.nextAttemptAt) {
    return mail.attempts === 0
      ? 'Sending now'
      : `Next try ${formatOrderDate(mail.nextAttemptAt)} (${mail.attempts} ${mail.attempts === 1 ? 'try' : 'tries'} so far)`;
  }
  return `Tried ${mail.attempts} ${mail.attempts === 1 ? 'time' : 'times'}`;
}

/** One email of the outbox: subject, to whom, when, the mail server's reason, and Retry if it failed. */
export function MailItem({
  mail,
  isRetrying,
  onRetry,
}: {
  mail: OutboxMail;
  isRetrying: boolean;
  onRetry: (mail: OutboxMail) => void;
}) {
  return (
    <Paper component="li" variant="outlined" sx={{ p: 2 }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-start' } }}
      >
        <Box sx={{ minWidth: 0 }}>
          <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>{mail.subject}</Typography>
          <Typography variant="body2" color="textSecondary" sx={{ overflowWrap: 'anywhere' }}>
            {KIND_LABELS[mail.kind]} to {mail.to} · queued {formatOrderDate(mail.createdAt)}
          </Typography>
          <Typography variant="body2" color="textSecondary">
            {mailTiming(mail)}
          </Typography>
          {mail.lastError && mail.status !== 'sent' && (
            <Typography variant="body2" color="error" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
              {mail.lastError}
            </Typography>
          )}
        </Box>
        {mail.status === 'failed' && (
          <Button
            variant="outlined"
            size="small"
            onClick={() => onRetry(mail)}
            loading={isRetrying}
            aria-label={`${MailMessages.retry}: ${mail.subject} to ${mail.to}`}
            sx={{ flexShrink: 0, alignSelf: { xs: 'flex-start' } }}
          >
            {MailMessages.retry}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
