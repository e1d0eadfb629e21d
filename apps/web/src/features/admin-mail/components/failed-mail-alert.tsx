import { MailMessages } from '@bindery/shared';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import { Link } from 'react-router';
import { useFailedMailCount } from '../api/outbox';

/** A reminder where the owner works: email that could not be sent, with the way to it. */
export function FailedMailAlert() {
  const failed = useFailedMailCount();
  if (failed === 0) return null;
  return (
    <Alert
      severity="warning"
      sx={{ mb: 2 }}
      action={
        <Button color="inherit" size="small" component={Link} to="/email?status=failed">
          Review
        </Button>
      }
    >
      <AlertTitle>{MailMessages.failedAlert(failed)}</AlertTitle>
      Buyers may be missing receipts or reset links. Check the mail server, then retry.
    </Alert>
  );
}
