import {
  AccountMessages,
  AuthMessages,
  ChangePasswordBodySchema,
  UpdateProfileBodySchema,
} from '@bindery/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useForm, type FieldPath, type FieldValues, type UseFormSetError } from 'react-hook-form';
import { z } from 'zod';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useSessionStore } from '../../../lib/session-store';
import { toast } from '../../../lib/toast';
import { useChangePassword, useUpdateName } from '../api/account';

/** Puts the server's field errors on the form's fields; answers whether any was placed. */
function showFieldErrors<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>) {
  if (!(error instanceof ApiError)) return false;
  const entries = Object.entries(error.fieldErrors);
  for (const [name, messages] of entries) {
    setError(name as FieldPath<T>, { message: messages[0] });
  }
  return entries.length > 0;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = `account-${title.toLowerCase()}`;
  return (
    <Paper variant="outlined" component="section" aria-labelledby={id} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id={id} component="h2" variant="h6" sx={{ fontWeight: 600, mb: 2 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/** The signed-in user's own page: their name, and a password change. */
export function AccountPage() {
  const user = useSessionStore((state) => state.user);
  if (!user) return null;
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 3, sm: 5 } }}>
      <Box sx={{ mb: 3 }}>
        <Typography component="h1" variant="h4" sx={{ fontWeight: 700 }}>
          {AccountMessages.accountTitle}
        </Typography>
        <Typography color="textSecondary">Your name and password at this store.</Typography>
      </Box>
      <Stack spacing={3}>
        <ProfileForm name={user.name} email={user.email} />
        <PasswordForm email={user.email} />
      </Stack>
    </Container>
  );
}

type ProfileValues = z.input<typeof UpdateProfileBodySchema>;

function ProfileForm({ name, email }: { name: string; email: string }) {
  const updateName = useUpdateName();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ProfileValues>({
    defaultValues: { name },
    resolver: zodResolver(UpdateProfileBodySchema),
  });
  const { ref, ...nameField } = register('name');
  const onSubmit = (values: ProfileValues) =>
    updateName.mutate(values.name, {
      onSuccess: () => toast.success(AccountMessages.profileSaved),
      onError: (error) => {
        if (!showFieldErrors(error, setError)) {
          toast.error(errorMessage(error, AccountMessages.saveFailed));
        }
      },
    });
  return (
    <Section title="Profile">
      <Box
        component="form"
        noValidate
        aria-label="Profile"
        onSubmit={(event) => void handleSubmit(onSubmit)(event)}
      >
        <Stack spacing={2}>
          <TextField
            {...nameField}
            inputRef={ref}
            id="account-name"
            label="Name"
            autoComplete="name"
            error={Boolean(errors.name)}
            helperText={errors.name?.message}
            fullWidth
          />
          <TextField
            id="account-email"
            label="Email"
            value={email}
            helperText="The address you sign in with and receive receipts at."
            slotProps={{ input: { readOnly: true } }}
            fullWidth
          />
          <Box>
            <Button type="submit" variant="contained" loading={updateName.isPending}>
              Save name
            </Button>
          </Box>
        </Stack>
      </Box>
    </Section>
  );
}

const PasswordFormSchema = ChangePasswordBodySchema.extend({ confirmPassword: z.string() }).refine(
  (values) => values.newPassword === values.confirmPassword,
  { message: AuthMessages.passwordsDoNotMatch, path: ['confirmPassword'] },
);
type PasswordValues = z.input<typeof PasswordFormSchema>;
const EMPTY_PASSWORDS: PasswordValues = {
  currentPassword: '',
  newPassword: '',
  confirmPassword: '',
};

function PasswordForm({ email }: { email: string }) {
  const changePassword = useChangePassword();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<PasswordValues>({
    defaultValues: EMPTY_PASSWORDS,
    resolver: zodResolver(PasswordFormSchema),
  });
  const field = (name: FieldPath<PasswordValues>) => {
    const { ref, ...rest } = register(name);
    return {
      ...rest,
      id: `account-${name}`,
      inputRef: ref,
      error: Boolean(errors[name]),
      helperText: errors[name]?.message,
      type: 'password',
      fullWidth: true,
    };
  };
  const onSubmit = ({ currentPassword, newPassword }: PasswordValues) =>
    changePassword.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: (message) => {
          toast.success(message);
          reset(EMPTY_PASSWORDS);
        },
        onError: (error) => {
          if (!showFieldErrors(error, setError)) {
            toast.error(errorMessage(error, AccountMessages.saveFailed));
          }
        },
      },
    );
  return (
    <Section title="Password">
      <Box
        component="form"
        noValidate
        aria-label="Password"
        onSubmit={(event) => void handleSubmit(onSubmit)(event)}
      >
        {/* Lets a password manager file the new password under the right account. */}
        <input type="text" name="username" autoComplete="username" value={email} readOnly hidden />
        <Stack spacing={2}>
          <TextField
            {...field('currentPassword')}
            label="Current password"
            autoComplete="current-password"
          />
          <TextField {...field('newPassword')} label="New password" autoComplete="new-password" />
          <TextField
            {...field('confirmPassword')}
            label="Confirm new password"
            autoComplete="new-password"
          />
          <Alert severity="info" variant="outlined">
            Changing your password signs you out on every other device.
          </Alert>
          <Box>
            <Button type="submit" variant="contained" loading={changePassword.isPending}>
              Change password
            </Button>
          </Box>
        </Stack>
      </Box>
    </Section>
  );
}
