import { AccountMessages, AuthMessages, NewPasswordSchema } from '@bindery/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import type { FormEvent } from 'react';
import { useForm, type FieldPath } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useConfirmPasswordReset, useResetLinkCheck } from '../api/password-reset';

const FormSchema = z
  .object({ password: NewPasswordSchema, confirmPassword: z.string() })
  .refine((values) => values.password === values.confirmPassword, {
    message: AuthMessages.passwordsDoNotMatch,
    path: ['confirmPassword'],
  });
type FormValues = z.input<typeof FormSchema>;

const isRefusedLink = (error: unknown) =>
  error instanceof ApiError && error.serverMessage === AccountMessages.resetLinkInvalid;

/** The new-password form: its fields, the message to show, and whether the link still works. */
export function useResetPasswordForm() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const navigate = useNavigate();
  const confirm = useConfirmPasswordReset();
  // Asked as the page opens, so a used or expired link says so before a password is typed.
  const linkCheck = useResetLinkCheck(token);
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

  // A link that no longer works is told apart from a password the server refused. A check that
  // failed otherwise (offline, too many) leaves the form: submitting checks the link again.
  const isLinkRefused =
    token === '' || isRefusedLink(linkCheck.error) || isRefusedLink(confirm.error);
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

  return {
    field,
    isLinkRefused,
    isCheckingLink: token !== '' && linkCheck.isPending,
    formError,
    isPending: confirm.isPending,
    submit: (event: FormEvent) => void handleSubmit(onSubmit)(event),
  };
}
