import { AccountMessages, PasswordResetRequestBodySchema } from '@bindery/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import EmailOutlinedIcon from '@mui/icons-material/EmailOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { errorMessage } from '../../../lib/api-client';
import { useRequestPasswordReset } from '../api/password-reset';
import { AuthCard, AuthSubmitButton, BackToSignIn } from './auth-card';

type FormValues = z.input<typeof PasswordResetRequestBodySchema>;

/** "Forgot password?": asks for a reset link by email, in the sign-in page's style. */
export function ForgotPasswordPage() {
  const request = useRequestPasswordReset();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<FormValues, unknown, z.output<typeof PasswordResetRequestBodySchema>>({
    defaultValues: { email: '' },
    resolver: zodResolver(PasswordResetRequestBodySchema),
    reValidateMode: 'onSubmit',
  });
  const { ref, ...emailField } = register('email');
  const formError =
    errors.email?.message ??
    (request.error ? errorMessage(request.error, AccountMessages.saveFailed) : undefined);

  return (
    <AuthCard
      icon={<EmailOutlinedIcon />}
      heading={AccountMessages.forgotTitle}
      subheading={AccountMessages.forgotIntro}
    >
      {request.isSuccess ? (
        <Stack spacing={2}>
          <Alert severity="success" variant="outlined" role="status">
            {request.data}
          </Alert>
          <Typography variant="body2" color="textSecondary">
            No email? Check your spam folder, or ask again in a few minutes.
          </Typography>
        </Stack>
      ) : (
        <Box
          component="form"
          noValidate
          aria-label={AccountMessages.forgotTitle}
          onSubmit={(event) => void handleSubmit((values) => request.mutate(values.email))(event)}
        >
          <Stack spacing={2}>
            {formError && (
              <Alert severity="error" variant="outlined">
                {formError}
              </Alert>
            )}
            <TextField
              {...emailField}
              inputRef={ref}
              id="forgot-email"
              label="Email"
              type="email"
              autoComplete="email"
              error={Boolean(errors.email)}
              fullWidth
            />
            <AuthSubmitButton busy={request.isPending}>
              {AccountMessages.sendResetLink}
            </AuthSubmitButton>
          </Stack>
        </Box>
      )}
      <BackToSignIn />
    </AuthCard>
  );
}
