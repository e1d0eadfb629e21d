import { AccountMessages } from '@bindery/shared';
import { Link as RouterLink } from 'react-router';
import { AuthSubmitButton } from './auth-card';
import { AuthTextField } from './auth-text-field';
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
        <AuthTextField
          {...field('name')}
          label="Username"
          // Not "username": that would make password managers save the display name as
          // the sign-in identifier, which is the email.
          autoComplete="nickname"
        />
      )}
      <AuthTextField {...field('email')} label="Email" type="email" autoComplete="email" />
      <AuthTextField
        {...field('password')}
        label="Password"
        type="password"
        autoComplete={isRegister ? 'new-password' : 'current-password'}
      />
      {!isRegister && (
        <p className="auth-form__forgot t-body2">
          <RouterLink to="/forgot-password" className="auth-link">
            {AccountMessages.forgotPassword}
          </RouterLink>
        </p>
      )}
      {isRegister && (
        <AuthTextField
          {...field('confirmPassword')}
          label="Confirm password"
          type="password"
          autoComplete="new-password"
        />
      )}
      <AuthSubmitButton busy={isSubmitting}>{isRegister ? 'Register' : 'Sign in'}</AuthSubmitButton>
    </>
  );
}
