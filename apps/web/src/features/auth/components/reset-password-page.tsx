import { AccountMessages } from '@bindery/shared';
import LockResetIcon from '@mui/icons-material/LockReset';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { AuthCard, AuthSubmitButton, BackToSignIn } from './auth-card';
import { useResetPasswordForm } from './use-reset-password-form';

/** The page a reset email links to: choose a new password, then sign in with it. */
export function ResetPasswordPage() {
  const { field, isLinkRefused, isCheckingLink, formError, isPending, submit } =
    useResetPasswordForm();

  return (
    <AuthCard
      icon={<LockResetIcon />}
      heading={AccountMessages.resetTitle}
      subheading="Choose a new password for your account."
    >
      {isCheckingLink ? (
        <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'center', py: 1 }}>
          <CircularProgress size={20} aria-hidden />
          <Typography variant="body2" role="status">
            {AccountMessages.checkingResetLink}
          </Typography>
        </Stack>
      ) : isLinkRefused ? (
        <Stack spacing={2}>
          <Alert severity="error" variant="outlined">
            {AccountMessages.resetLinkInvalid}
          </Alert>
          <Button component={RouterLink} to="/forgot-password" variant="contained" size="large">
            {AccountMessages.requestNewLink}
          </Button>
        </Stack>
      ) : (
        <Box component="form" noValidate aria-label={AccountMessages.resetTitle} onSubmit={submit}>
          <Stack spacing={2}>
            {formError && (
              <Alert severity="error" variant="outlined">
                {formError}
              </Alert>
            )}
            <TextField
              {...field('password')}
              label="New password"
              type="password"
              autoComplete="new-password"
              fullWidth
            />
            <TextField
              {...field('confirmPassword')}
              label="Confirm new password"
              type="password"
              autoComplete="new-password"
              fullWidth
            />
            <AuthSubmitButton busy={isPending}>{AccountMessages.setNewPassword}</AuthSubmitButton>
          </Stack>
        </Box>
      )}
      <BackToSignIn />
    </AuthCard>
  );
}
