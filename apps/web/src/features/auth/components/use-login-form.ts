import { AuthMessages, type User } from '@bindery/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState, type FormEvent } from 'react';
import { useForm, type FieldPath } from 'react-hook-form';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useLogin } from '../api/login';
import { useRegister } from '../api/register';
import { homeFor, readReturnTarget } from '../return-target';
import {
  EMPTY_FORM,
  MESSAGE_ORDER,
  RegisterFormSchema,
  SignInFormSchema,
  type LoginFormValues,
} from './login-form-schema';

type Mode = 'sign-in' | 'register';

/** After signing in: say so, then go where the user was headed, or to their home. */
function useAfterLogin(isAdmin: boolean) {
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  return (user: User) => {
    toast.success(AuthMessages.loginSuccessful);
    // The admin sign-in only leads admins on to admin pages; the server decided who is signed in.
    const target =
      isAdmin && user.role !== 'admin'
        ? homeFor(user.role)
        : (readReturnTarget(location.state, searchParams) ?? homeFor(user.role));
    void navigate(target, { replace: true });
  };
}

/** The sign-in and register form: its mode, fields, the message to show, and submitting. */
export function useLoginForm(isAdmin: boolean) {
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const [mode, setMode] = useState<Mode>('sign-in');
  const isRegister = mode === 'register';

  const loginMutation = useLogin();
  const registerMutation = useRegister();

  const {
    register,
    handleSubmit,
    reset,
    clearErrors,
    setFocus,
    formState: { errors },
  } = useForm<LoginFormValues, unknown, LoginFormValues>({
    defaultValues: EMPTY_FORM,
    resolver: zodResolver(isRegister ? RegisterFormSchema : SignInFormSchema),
    reValidateMode: 'onSubmit',
  });

  const field = (name: FieldPath<LoginFormValues>) => {
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

  const afterLogin = useAfterLogin(isAdmin);

  const onSubmit = (values: LoginFormValues) => {
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

  return {
    isRegister,
    field,
    formError,
    isSubmitting,
    isLoginIdle: loginMutation.isIdle,
    returnTarget: readReturnTarget(location.state, searchParams),
    submit: (event: FormEvent) => void handleSubmit(onSubmit)(event),
    switchMode,
  };
}
