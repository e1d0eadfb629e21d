import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router';

/** Why a signed-in buyer sees the admin sign-in: the page needs an admin account. */
export function AdminAccountNeeded({
  name,
  cameFromPage,
}: {
  name: string;
  cameFromPage: boolean;
}) {
  return (
    <Alert severity="warning" variant="outlined" sx={{ '& .MuiAlert-message': { minWidth: 0 } }}>
      <AlertTitle>Admin account needed</AlertTitle>
      {cameFromPage
        ? `The page you opened needs an admin account. You're signed in as ${name}, a buyer account: sign in with an admin account to continue, or go back to the store.`
        : `You're signed in as ${name}, a buyer account. Sign in with an admin account to manage the store, or go back to the store.`}
      <Box sx={{ mt: 1 }}>
        <Button
          component={RouterLink}
          to="/products"
          variant="outlined"
          color="inherit"
          size="small"
        >
          Back to the store
        </Button>
      </Box>
    </Alert>
  );
}
