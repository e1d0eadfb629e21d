import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';

export function NotFoundPage() {
  return (
    <Stack
      spacing={2}
      sx={{ alignItems: 'center', textAlign: 'center', px: 2, py: { xs: 8, sm: 12 } }}
    >
      <Typography variant="overline" color="text.secondary">
        404
      </Typography>
      <Typography component="h1" variant="h4" sx={{ fontWeight: 600 }}>
        Page not found
      </Typography>
      <Typography color="text.secondary">
        The page you are looking for does not exist or has moved.
      </Typography>
      <Button component={RouterLink} to="/products" variant="contained">
        Go to Products
      </Button>
    </Stack>
  );
}
