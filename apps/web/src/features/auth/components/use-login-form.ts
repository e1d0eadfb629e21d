import { AuthMessages, type User } from '@bindery/shared';
import { useState, type FormEvent } from 'react';
import { useForm, type FieldPath } from 'react-hook-form';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useLogin } from '../api/login';
import { useRegister } from '../api/register';
import { homeFor, readReturnTarget } from '../return-target';
import { EMPTY_FORM, MESSAGE_ORDER, type LoginFormValues } from './login-form-fields';
import type { resolvers } from './login-form-schema';

type LoginFormResolvers = typeof resolvers;

type Mode = 'sign-in' | 'register';

let rules: Promise<{ resolvers: LoginFormResolvers }> | undefined;

/**
 * The form's rules (Zod with the server's schemas), fetched once: when the visitor first moves
 * into the form, so they are in by the time it is sent, and at the latest on sending.
 */
export function loadLoginRules() {
  rules ??= import('./login-form-schema').catch((error: unknown) => {
    rules = undefined; // asked again on the next try
    throw error;
  });
  return rules;
}

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
    resolver: async (values, context, options) => {
      const { resolvers } = await loadLoginRules();
      return resolvers[mode](values, context, options);
    },
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
    /** For the form's focus: starts fetching its rules. */
    prepare: () => void loadLoginRules().catch(() => undefined),
    switchMode,
  };
}
