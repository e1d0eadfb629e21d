import {
  AccountMessages,
  AuthMessages,
  LoginBodySchema,
  RegisterBodySchema,
  type User,
} from '@bindery/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import AdminPanelSettingsOutlinedIcon from '@mui/icons-material/AdminPanelSettingsOutlined';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useForm, type FieldPath } from 'react-hook-form';
import {
  Navigate,
  Link as RouterLink,
  useLocation,
  useNavigate,
  useSearchParams,
} from 'react-router';
import { toast } from '../../../lib/toast';
import { z } from 'zod';
import { SessionLoading } from '../../../components/session-loading';
import { errorMessage } from '../../../lib/api-client';
import { useSessionStore } from '../../../lib/session-store';
import { useLogin } from '../api/login';
import { useRegister } from '../api/register';
import { homeFor, readReturnTarget } from '../return-target';
import { AuthCard, AuthSubmitButton } from './auth-card';

type Mode = 'sign-in' | 'register';

export interface LoginPageProps {
  /** `admin` is the admin sign-in: no registration, and only admins are sent to admin pages. */
  variant?: 'user' | 'admin';
}

// Both modes share one set of fields; only the rules differ.
const SignInFormSchema = z.object({
  name: z.string(),
  email: LoginBodySchema.shape.email,
  password: LoginBodySchema.shape.password,
  confirmPassword: z.string(),
});

const RegisterFormSchema = z
  .object({
    name: RegisterBodySchema.shape.name,
    email: RegisterBodySchema.shape.email,
    password: RegisterBodySchema.shape.password,
    confirmPassword: z.string(),
  })
  .refine((values) => values.password === values.confirmPassword, {
    message: AuthMessages.passwordsDoNotMatch,
    path: ['confirmPassword'],
  });

type FormValues = z.input<typeof RegisterFormSchema>;

/** One message at a time, in the order the specification checks them. */
const MESSAGE_ORDER: FieldPath<FormValues>[] = ['email', 'password', 'name', 'confirmPassword'];

const EMPTY_FORM: FormValues = { name: '', email: '', password: '', confirmPassword: '' };

export function LoginPage({ variant = 'user' }: LoginPageProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const [mode, setMode] = useState<Mode>('sign-in');
  const isRegister = mode === 'register';
  const isAdmin = variant === 'admin';

  const loginMutation = useLogin();
  const registerMutation = useRegister();

  const {
    register,
    handleSubmit,
    reset,
    clearErrors,
    setFocus,
    formState: { errors },
  } = useForm<FormValues, unknown, FormValues>({
    defaultValues: EMPTY_FORM,
    resolver: zodResolver(isRegister ? RegisterFormSchema : SignInFormSchema),
    reValidateMode: 'onSubmit',
  });

  const field = (name: FieldPath<FormValues>) => {
    const { ref, ...rest } = register(name);
    return { ...rest, id: `login-${name}`, inputRef: ref, error: Boolean(errors[name]) };
  };

  const validationMessage = MESSAGE_ORDER.map((name) => errors[name]?.message).find(Boolean);
  const serverError = isRegister ? registerMutation.error : loginMutation.error;
  const formError =
    validationMessage ??
    (serverError
      ? errorMessage(
          serverError,
          isRegister ? AuthMessages.registrationFailed : AuthMessages.loginFailed,
        )
      : undefined);
  const isSubmitting = loginMutation.isPending || registerMutation.isPending;

  const afterLogin = (user: User) => {
    toast.success(AuthMessages.loginSuccessful);
    // The admin sign-in only leads admins on to admin pages; the server decided who is signed in.
    const target =
      isAdmin && user.role !== 'admin'
        ? homeFor(user.role)
        : (readReturnTarget(location.state, searchParams) ?? homeFor(user.role));
    void navigate(target, { replace: true });
  };

  const onSubmit = (values: FormValues) => {
    loginMutation.reset();
    registerMutation.reset();
    if (!isRegister) {
      loginMutation.mutate(
        { email: values.email, password: values.password },
        { onSuccess: afterLogin },
      );
      return;
    }
    registerMutation.mutate(
      { name: values.name, email: values.email, password: values.password },
      {
        onSuccess: () => {
          toast.success(AuthMessages.registrationSuccessful);
          setMode('sign-in');
          reset({ ...values, password: '', confirmPassword: '' });
          setFocus('password');
        },
      },
    );
  };

  const switchMode = () => {
    clearErrors();
    loginMutation.reset();
    registerMutation.reset();
    setMode(isRegister ? 'sign-in' : 'register');
  };

  const signOutNotice = useSessionStore((state) => state.signOutNotice);
  const isSessionLoading = useSessionStore((state) => state.isLoading);
  const signedInUser = useSessionStore((state) => (state.isAuthenticated ? state.user : null));
  const returnTarget = readReturnTarget(location.state, searchParams);

  // Someone already signed in has nothing to do on a sign-in form ("Main site" leads back here
  // through the store index): send them on. Only on arrival; a sign-in from here navigates itself.
  // A buyer on the admin sign-in stays, to be told why and to sign in as an admin.
  const hasArrivedSignedIn = signedInUser !== null && loginMutation.isIdle;
  const isBuyerOnAdminSignIn = isAdmin && signedInUser?.role === 'user';
  if (hasArrivedSignedIn && isSessionLoading) return <SessionLoading />;
  if (hasArrivedSignedIn && !isBuyerOnAdminSignIn) {
    return <Navigate to={returnTarget ?? homeFor(signedInUser.role)} replace />;
  }

  const heading = isAdmin ? 'Admin sign in' : isRegister ? 'Create an account' : 'Sign in';
  const subheading = isAdmin
    ? 'Manage products and orders.'
    : isRegister
      ? 'Register to buy and download digital products.'
      : 'Welcome back. Sign in to continue.';

  return (
    <AuthCard
      icon={isAdmin ? <AdminPanelSettingsOutlinedIcon /> : <LockOutlinedIcon />}
      heading={heading}
      subheading={subheading}
    >
      <Box
        component="form"
        noValidate
        aria-label={heading}
        onSubmit={(event) => void handleSubmit(onSubmit)(event)}
      >
        <Stack spacing={2}>
          {isBuyerOnAdminSignIn && signedInUser && (
            <AdminAccountNeeded name={signedInUser.name} cameFromPage={returnTarget !== null} />
          )}
          {signOutNotice && !formError && (
            <Alert severity="info" variant="outlined">
              {signOutNotice}
            </Alert>
          )}
          {formError && (
            <Alert severity="error" variant="outlined">
              {formError}
            </Alert>
          )}
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
          <TextField
            {...field('email')}
            label="Email"
            type="email"
            autoComplete="email"
            fullWidth
          />
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
          <AuthSubmitButton busy={isSubmitting}>
            {isRegister ? 'Register' : 'Sign in'}
          </AuthSubmitButton>
        </Stack>
      </Box>

      {!isAdmin && (
        <Typography variant="body2" color="textSecondary" sx={{ mt: 3, textAlign: 'center' }}>
          {isRegister ? 'Already have an account? ' : "Don't have an account? "}
          <Link component="button" type="button" variant="body2" onClick={switchMode}>
            {isRegister ? 'Sign in' : 'Register'}
          </Link>
        </Typography>
      )}
    </AuthCard>
  );
}

/** Why a signed-in buyer sees the admin sign-in: the page needs an admin account. */
function AdminAccountNeeded({ name, cameFromPage }: { name: string; cameFromPage: boolean }) {
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
