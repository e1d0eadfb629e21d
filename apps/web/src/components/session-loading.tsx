import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

/** "Loading session...": shown while the app start's current-user call has not answered yet. */
export function SessionLoading() {
  return (
    <Stack
      role="status"
      spacing={2}
      sx={{ alignItems: 'center', justifyContent: 'center', py: 12 }}
    >
      <CircularProgress aria-hidden />
      <Typography color="text.secondary">Loading session...</Typography>
    </Stack>
  );
}
