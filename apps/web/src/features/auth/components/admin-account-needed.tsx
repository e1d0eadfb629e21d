import { LinkButton } from '../../../ui/button';
import { AuthAlert } from './auth-alert';

/** Why a signed-in buyer sees the admin sign-in: the page needs an admin account. */
export function AdminAccountNeeded({
  name,
  cameFromPage,
}: {
  name: string;
  cameFromPage: boolean;
}) {
  return (
    <AuthAlert severity="warning" title="Admin account needed">
      {cameFromPage
        ? `The page you opened needs an admin account. You're signed in as ${name}, a buyer account: sign in with an admin account to continue, or go back to the store.`
        : `You're signed in as ${name}, a buyer account. Sign in with an admin account to manage the store, or go back to the store.`}
      <div className="auth-alert__action">
        <LinkButton to="/products" variant="outlined" color="inherit" size="small">
          Back to the store
        </LinkButton>
      </div>
    </AuthAlert>
  );
}
