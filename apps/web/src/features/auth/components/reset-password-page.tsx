import { AccountMessages, AuthMessages, NewPasswordSchema } from '@bindery/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import LockResetIcon from '@mui/icons-material/LockReset';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useForm, type FieldPath } from 'react-hook-form';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useConfirmPasswordReset } from '../api/password-reset';
import { AuthCard, AuthSubmitButton, BackToSignIn } from './auth-card';

const FormSchema = z
  .object({ password: NewPasswordSchema, confirmPassword: z.string() })
  .refine((values) => values.password === values.confirmPassword, {
    message: AuthMessages.passwordsDoNotMatch,
    path: ['confirmPassword'],
  });
type FormValues = z.input<typeof FormSchema>;

/** The page a reset email links to: choose a new password, then sign in with it. */
export function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const navigate = useNavigate();
  const confirm = useConfirmPasswordReset();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<FormValues>({
    defaultValues: { password: '', confirmPassword: '' },
    resolver: zodResolver(FormSchema),
    reValidateMode: 'onSubmit',
  });
  const field = (name: FieldPath<FormValues>) => {
    const { ref, ...rest } = register(name);
    return { ...rest, id: `reset-${name}`, inputRef: ref, error: Boolean(errors[name]) };
  };

  // A link that no longer works is told apart from a password the server refused.
  const isLinkRefused =
    token === '' ||
    (confirm.error instanceof ApiError &&
      confirm.error.serverMessage === AccountMessages.resetLinkInvalid);
  const formError =
    errors.password?.message ??
    errors.confirmPassword?.message ??
    (confirm.error && !isLinkRefused
      ? errorMessage(confirm.error, AccountMessages.saveFailed)
      : undefined);

  const onSubmit = (values: FormValues) =>
    confirm.mutate(
      { token, password: values.password },
      {
        onSuccess: (message) => {
          toast.success(message);
          void navigate('/login', { replace: true });
        },
      },
    );

  return (
    <AuthCard
      icon={<LockResetIcon />}
      heading={AccountMessages.resetTitle}
      subheading="Choose a new password for your account."
    >
      {isLinkRefused ? (
        <Stack spacing={2}>
          <Alert severity="error" variant="outlined">
            {AccountMessages.resetLinkInvalid}
          </Alert>
          <Button component={RouterLink} to="/forgot-password" variant="contained" size="large">
            {AccountMessages.requestNewLink}
          </Button>
        </Stack>
      ) : (
        <Box
          component="form"
          noValidate
          aria-label={AccountMessages.resetTitle}
          onSubmit={(event) => void handleSubmit(onSubmit)(event)}
        >
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
            <AuthSubmitButton busy={confirm.isPending}>
              {AccountMessages.setNewPassword}
            </AuthSubmitButton>
          </Stack>
        </Box>
      )}
      <BackToSignIn />
    </AuthCard>
  );
}
