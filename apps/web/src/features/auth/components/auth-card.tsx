import { AccountMessages } from '@bindery/shared';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { getStoreConfig } from '../../../lib/store-config';

/** The sign-in pages' card: the store's name, an icon, a heading and what the page is for. */
export function AuthCard({
  icon,
  heading,
  subheading,
  children,
}: {
  icon: ReactNode;
  heading: string;
  subheading: ReactNode;
  children: ReactNode;
}) {
  const { storeName } = getStoreConfig();
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', px: 2, py: { xs: 4, sm: 8 } }}>
      <Card variant="outlined" sx={{ width: '100%', maxWidth: 420 }}>
        <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
          <Stack spacing={1} sx={{ alignItems: 'center', textAlign: 'center', mb: 3 }}>
            <Avatar sx={{ bgcolor: 'primary.main' }} aria-hidden>
              {icon}
            </Avatar>
            <Typography variant="overline" color="textSecondary" sx={{ lineHeight: 1.5 }}>
              {storeName}
            </Typography>
            <Typography component="h1" variant="h5" sx={{ fontWeight: 600 }}>
              {heading}
            </Typography>
            <Typography variant="body2" color="textSecondary">
              {subheading}
            </Typography>
          </Stack>
          {children}
        </CardContent>
      </Card>
    </Box>
  );
}

/** The card's main button: full width, busy while its request runs. */
export function AuthSubmitButton({ busy, children }: { busy: boolean; children: ReactNode }) {
  return (
    <Button
      type="submit"
      variant="contained"
      size="large"
      fullWidth
      loading={busy}
      loadingPosition="start"
    >
      {children}
    </Button>
  );
}

/** The way back from the recovery pages. */
export function BackToSignIn() {
  return (
    <Typography variant="body2" sx={{ mt: 3, textAlign: 'center' }}>
      <Link component={RouterLink} to="/login" variant="body2">
        {AccountMessages.backToSignIn}
      </Link>
    </Typography>
  );
}
