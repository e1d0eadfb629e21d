import type { User } from '@bindery/shared';
import { lazy, Suspense, useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useLogout } from '../../features/auth/api/logout';
import { useLoginPath } from '../../features/auth/return-target';
import { useSessionStore } from '../../lib/session-store';
import { useStoreConfig } from '../../lib/store-config';
import { LinkButton } from '../../ui/button';
import { Icon } from '../../ui/icon';
import { TopBarAccount } from './top-bar-account';

export interface NavItem {
  label: string;
  to: string;
}

// The phone menu is MUI's Menu (with its Popover, Modal and theme): fetched on the first tap.
const TopBarMenu = lazy(() => import('./top-bar-menu').then((m) => ({ default: m.TopBarMenu })));

/** Admins get the admin area instead of the buyer's links; My Orders needs a signed-in buyer. */
export function navItemsFor(user: User | null): NavItem[] {
  if (user?.role === 'admin') {
    return [
      { label: 'Products', to: '/dashboard' },
      { label: 'Orders', to: '/orders' },
      { label: 'Sales', to: '/sales' },
      { label: 'Discounts', to: '/discounts' },
      { label: 'Email', to: '/email' },
      { label: 'Settings', to: '/settings' },
    ];
  }
  const items = [{ label: 'Products', to: '/products' }];
  if (user) items.push({ label: 'My Orders', to: '/my-orders' });
  return items;
}

export function TopBar() {
  const { storeName, mainSiteUrl } = useStoreConfig();
  const storedUser = useSessionStore((state) => state.user);
  const isAuthenticated = useSessionStore((state) => state.isAuthenticated);
  const user = isAuthenticated ? storedUser : null;
  const navItems = navItemsFor(user);
  const loginPath = useLoginPath();

  const navigate = useNavigate();
  const logoutMutation = useLogout();
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  // Kept mounted once opened, so the menu's closing animation still plays.
  const [hasOpenedMenu, setHasOpenedMenu] = useState(false);
  const menuId = useId();
  const closeMenu = () => setMenuAnchor(null);

  const handleLogout = () => {
    closeMenu();
    // The session is cleared whatever the server answers (see useLogout); then back to sign in.
    logoutMutation.mutate(undefined, { onSettled: () => void navigate('/login') });
  };

  return (
    <header className="top-bar">
      <div className="top-bar__toolbar">
        <LinkButton
          href={mainSiteUrl}
          aria-label="Back to main site"
          color="inherit"
          startIcon={<Icon name="arrowBack" />}
          className="top-bar__back"
        >
          <span className="top-bar__back-text">Main site</span>
        </LinkButton>

        <Link to="/products" className="top-bar__title t-h6 t-nowrap">
          {storeName}
        </Link>

        <nav aria-label="Main" className="top-bar__nav">
          {navItems.map((item) => (
            <LinkButton key={item.to} to={item.to} nav color="inherit">
              {item.label}
            </LinkButton>
          ))}
        </nav>

        <div className="top-bar__spacer" />

        <TopBarAccount
          user={user}
          loginPath={loginPath}
          onLogout={handleLogout}
          isLoggingOut={logoutMutation.isPending}
        />

        <button
          type="button"
          className="icon-btn icon-btn--edge-end top-bar__menu-button"
          aria-label="Open menu"
          aria-controls={menuAnchor ? menuId : undefined}
          aria-haspopup="true"
          aria-expanded={menuAnchor ? 'true' : undefined}
          onClick={(event) => {
            setHasOpenedMenu(true);
            setMenuAnchor(event.currentTarget);
          }}
        >
          <Icon name="menu" />
        </button>
        {hasOpenedMenu && (
          <Suspense fallback={null}>
            <TopBarMenu
              id={menuId}
              anchorEl={menuAnchor}
              onClose={closeMenu}
              navItems={navItems}
              user={user}
              loginPath={loginPath}
              onLogout={handleLogout}
              isLoggingOut={logoutMutation.isPending}
            />
          </Suspense>
        )}
      </div>
    </header>
  );
}
