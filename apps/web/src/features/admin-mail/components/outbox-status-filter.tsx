import type { MailStatus } from '@bindery/shared';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';

export const STATUS_LABELS: Record<MailStatus, string> = {
  failed: 'Failed',
  pending: 'Waiting',
  sent: 'Sent',
};

/** Failed, Waiting or Sent; Failed carries its count when there is any. */
export function OutboxStatusFilter({
  status,
  failed,
  onChange,
}: {
  status: MailStatus;
  failed: number | undefined;
  onChange: (status: MailStatus) => void;
}) {
  return (
    <ToggleButtonGroup
      exclusive
      size="small"
      color="primary"
      aria-label="Which email to show"
      value={status}
      onChange={(_event, value: MailStatus | null) => {
        if (value) onChange(value);
      }}
      sx={{ mb: 2, bgcolor: 'background.paper' }}
    >
      {(['failed', 'pending', 'sent'] as const).map((value) => (
        <ToggleButton key={value} value={value}>
          {value === 'failed' && failed !== undefined && failed > 0
            ? `${STATUS_LABELS[value]} (${failed})`
            : STATUS_LABELS[value]}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
