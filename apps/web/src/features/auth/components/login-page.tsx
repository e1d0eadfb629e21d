import { Navigate } from 'react-router';
import { SessionLoading } from '../../../components/session-loading';
import { useSessionStore } from '../../../lib/session-store';
import { Icon } from '../../../ui/icon';
import { homeFor } from '../return-target';
import { AdminAccountNeeded } from './admin-account-needed';
import { AuthAlert } from './auth-alert';
import { AuthCard } from './auth-card';
import { LoginFields } from './login-fields';
import { useLoginForm } from './use-login-form';

export interface LoginPageProps {
  /** `admin` is the admin sign-in: no registration, and only admins are sent to admin pages. */
  variant?: 'user' | 'admin';
}

export function LoginPage({ variant = 'user' }: LoginPageProps) {
  const isAdmin = variant === 'admin';
  const {
    isRegister,
    field,
    formError,
    isSubmitting,
    isLoginIdle,
    returnTarget,
    submit,
    prepare,
    switchMode,
  } = useLoginForm(isAdmin);

  const signOutNotice = useSessionStore((state) => state.signOutNotice);
  const isSessionLoading = useSessionStore((state) => state.isLoading);
  const signedInUser = useSessionStore((state) => (state.isAuthenticated ? state.user : null));

  // Someone already signed in has nothing to do on a sign-in form ("Main site" leads back here
  // through the store index): send them on. Only on arrival; a sign-in from here navigates itself.
  // A buyer on the admin sign-in stays, to be told why and to sign in as an admin.
  const hasArrivedSignedIn = signedInUser !== null && isLoginIdle;
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
      icon={<Icon name={isAdmin ? 'adminPanelSettingsOutlined' : 'lockOutlined'} />}
      heading={heading}
      subheading={subheading}
    >
      <form noValidate aria-label={heading} onSubmit={submit} onFocus={prepare}>
        <div className="auth-form">
          {isBuyerOnAdminSignIn && signedInUser && (
            <AdminAccountNeeded name={signedInUser.name} cameFromPage={returnTarget !== null} />
          )}
          {signOutNotice && !formError && <AuthAlert severity="info">{signOutNotice}</AuthAlert>}
          {formError && <AuthAlert severity="error">{formError}</AuthAlert>}
          <LoginFields isRegister={isRegister} field={field} isSubmitting={isSubmitting} />
        </div>
      </form>

      {!isAdmin && (
        <p className="auth-card__footer t-body2 t-secondary">
          {isRegister ? 'Already have an account? ' : "Don't have an account? "}
          <button type="button" className="auth-link" onClick={switchMode}>
            {isRegister ? 'Sign in' : 'Register'}
          </button>
        </p>
      )}
    </AuthCard>
  );
}
