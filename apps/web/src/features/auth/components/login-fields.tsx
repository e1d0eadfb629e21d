import { AccountMessages } from '@bindery/shared';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import { Link as RouterLink } from 'react-router';
import { AuthSubmitButton } from './auth-card';
import type { useLoginForm } from './use-login-form';

/** The sign-in form's fields and button; registering adds a name and a confirmation. */
export function LoginFields({
  isRegister,
  field,
  isSubmitting,
}: {
  isRegister: boolean;
  field: ReturnType<typeof useLoginForm>['field'];
  isSubmitting: boolean;
}) {
  return (
    <>
      {isRegister && (
        <TextField
          {...field('name')}
          label="Username"
          // Not "username": that would make password managers save the display name as
          // the sign-in identifier, which is the email.
          autoComplete="nickname"
          fullWidth
        />
      )}
      <TextField {...field('email')} label="Email" type="email" autoComplete="email" fullWidth />
      <TextField
        {...field('password')}
        label="Password"
        type="password"
        autoComplete={isRegister ? 'new-password' : 'current-password'}
        fullWidth
      />
      {!isRegister && (
        <Box sx={{ mt: '4px !important', textAlign: 'right' }}>
          <Link component={RouterLink} to="/forgot-password" variant="body2">
            {AccountMessages.forgotPassword}
          </Link>
        </Box>
      )}
      {isRegister && (
        <TextField
          {...field('confirmPassword')}
          label="Confirm password"
          type="password"
          autoComplete="new-password"
          fullWidth
        />
      )}
      <AuthSubmitButton busy={isSubmitting}>{isRegister ? 'Register' : 'Sign in'}</AuthSubmitButton>
    </>
  );
}
