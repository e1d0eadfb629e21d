import type { User } from '@bindery/shared';
import { NavLink } from 'react-router';
import { Button, LinkButton } from '../../ui/button';
import { Icon } from '../../ui/icon';
import { UserAvatar } from './user-avatar';

/** The signed-in user's name (to the account page) and Logout, or Login for a visitor. */
export function TopBarAccount({
  user,
  loginPath,
  onLogout,
  isLoggingOut,
}: {
  user: User | null;
  /** The sign-in page's address, keeping a return target (useLoginPath). */
  loginPath: string;
  onLogout: () => void;
  isLoggingOut: boolean;
}) {
  return (
    <div className="top-bar__account">
      {user ? (
        <>
          <NavLink to="/account" className="top-bar__user" aria-label={`${user.name}, account`}>
            <UserAvatar name={user.name} />
            <span className="top-bar__user-name t-body2 t-nowrap">{user.name}</span>
          </NavLink>
          <Button
            variant="outlined"
            startIcon={<Icon name="logout" />}
            onClick={onLogout}
            disabled={isLoggingOut}
          >
            Logout
          </Button>
        </>
      ) : (
        <LinkButton to={loginPath} variant="contained" startIcon={<Icon name="login" />}>
          Login
        </LinkButton>
      )}
    </div>
  );
}
