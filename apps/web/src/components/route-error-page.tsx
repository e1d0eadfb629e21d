import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

/** Shown when rendering a route throws, instead of the router's developer screen. */
export function RouteErrorPage() {
  return (
    <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center', px: 2, py: 12 }}>
      <Typography component="h1" variant="h4" sx={{ fontWeight: 600 }}>
        Something went wrong
      </Typography>
      <Typography color="text.secondary">Please reload the page and try again.</Typography>
      <Button variant="contained" onClick={() => window.location.reload()}>
        Reload
      </Button>
    </Stack>
  );
}
