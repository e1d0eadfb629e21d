import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';

const DAY_MS = 24 * 60 * 60 * 1000;
const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Quick ranges, counted back from the last day of the range shown (the store's today). */
const PRESETS = [
  { label: 'Last 7 days', days: 7 },
  { label: 'Last 30 days', days: 30 },
  { label: 'Last 90 days', days: 90 },
] as const;

/** Two dates and Show, plus quick ranges ending on the range's last day. */
export function RangePicker({
  from: shownFrom,
  to: shownTo,
  onShow,
}: {
  from: string;
  to: string;
  onShow: (from: string, to: string) => void;
}) {
  const [from, setFrom] = useState(shownFrom);
  const [to, setTo] = useState(shownTo);
  // Presets end on the range's last day, or today when no range could be shown.
  const last = /^\d{4}-\d{2}-\d{2}$/.test(shownTo) ? shownTo : isoDate(Date.now());
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (from && to) onShow(from, to);
  };
  const end = Date.parse(`${last}T00:00:00Z`);
  return (
    <Stack spacing={1.5} sx={{ mb: 3 }}>
      <Box
        component="form"
        aria-label="Date range"
        onSubmit={submit}
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}
      >
        <TextField
          label="From"
          type="date"
          size="small"
          value={from}
          onChange={(event) => setFrom(event.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          label="To"
          type="date"
          size="small"
          value={to}
          onChange={(event) => setTo(event.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <Button type="submit" variant="contained">
          Show
        </Button>
      </Box>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
        {PRESETS.map((preset) => (
          <Button
            key={preset.label}
            size="small"
            variant="outlined"
            onClick={() => onShow(isoDate(end - (preset.days - 1) * DAY_MS), last)}
          >
            {preset.label}
          </Button>
        ))}
        <Button
          size="small"
          variant="outlined"
          onClick={() => onShow(`${last.slice(0, 4)}-01-01`, last)}
        >
          This year
        </Button>
      </Stack>
    </Stack>
  );
}
