import type { User } from '@bindery/shared';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import LoginIcon from '@mui/icons-material/Login';
import LogoutIcon from '@mui/icons-material/Logout';
import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useId, useState } from 'react';
import { NavLink, Link as RouterLink, useNavigate } from 'react-router';
import { useLogout } from '../../features/auth/api/logout';
import { useSessionStore } from '../../lib/session-store';
import { getStoreConfig } from '../../lib/store-config';
import { UserAvatar } from './user-avatar';

export interface NavItem {
  label: string;
  to: string;
}

// The phone menu brings MUI's Menu, Popover and Modal: fetched on the first tap, not with the page.
const TopBarMenu = lazy(() => import('./top-bar-menu').then((m) => ({ default: m.TopBarMenu })));

/** Admins get the admin area instead of the buyer's links; My Orders needs a signed-in buyer. */
export function navItemsFor(user: User | null): NavItem[] {
  if (user?.role === 'admin') {
    return [
      { label: 'Products', to: '/dashboard' },
      { label: 'Orders', to: '/orders' },
    ];
  }
  const items = [{ label: 'Products', to: '/products' }];
  if (user) items.push({ label: 'My Orders', to: '/my-orders' });
  return items;
}

export function TopBar() {
  const { storeName, mainSiteUrl } = getStoreConfig();
  const storedUser = useSessionStore((state) => state.user);
  const isAuthenticated = useSessionStore((state) => state.isAuthenticated);
  const user = isAuthenticated ? storedUser : null;
  const navItems = navItemsFor(user);

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
    <AppBar
      position="sticky"
      color="inherit"
      elevation={0}
      sx={{ borderBottom: 1, borderColor: 'divider', bgcolor: 'background.paper' }}
    >
      <Toolbar sx={{ gap: { xs: 0.5, sm: 1 } }}>
        <Button
          component="a"
          href={mainSiteUrl}
          aria-label="Back to main site"
          color="inherit"
          startIcon={<ArrowBackIcon />}
          sx={{
            minWidth: 0,
            color: 'text.secondary',
            '& .MuiButton-startIcon': { mr: { xs: 0, sm: 1 }, ml: { xs: 0, sm: -0.5 } },
          }}
        >
          <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
            Main site
          </Box>
        </Button>

        <Typography
          component={RouterLink}
          to="/products"
          variant="h6"
          noWrap
          sx={{ color: 'inherit', textDecoration: 'none', fontWeight: 700, minWidth: 0 }}
        >
          {storeName}
        </Typography>

        <Box
          component="nav"
          aria-label="Main"
          sx={{ display: { xs: 'none', md: 'flex' }, gap: 0.5, ml: 2 }}
        >
          {navItems.map((item) => (
            <Button
              key={item.to}
              component={NavLink}
              to={item.to}
              color="inherit"
              sx={{ '&.active': { color: 'primary.main', bgcolor: 'action.selected' } }}
            >
              {item.label}
            </Button>
          ))}
        </Box>

        <Box sx={{ flexGrow: 1 }} />

        <Box sx={{ display: { xs: 'none', md: 'flex' }, alignItems: 'center', gap: 1.5 }}>
          {user ? (
            <>
              <UserAvatar name={user.name} />
              <Typography variant="body2" noWrap sx={{ maxWidth: 200, fontWeight: 500 }}>
                {user.name}
              </Typography>
              <Button
                variant="outlined"
                startIcon={<LogoutIcon />}
                onClick={handleLogout}
                disabled={logoutMutation.isPending}
              >
                Logout
              </Button>
            </>
          ) : (
            <Button
              component={RouterLink}
              to="/login"
              variant="contained"
              startIcon={<LoginIcon />}
            >
              Login
            </Button>
          )}
        </Box>

        <IconButton
          aria-label="Open menu"
          aria-controls={menuAnchor ? menuId : undefined}
          aria-haspopup="true"
          aria-expanded={menuAnchor ? 'true' : undefined}
          edge="end"
          onClick={(event) => {
            setHasOpenedMenu(true);
            setMenuAnchor(event.currentTarget);
          }}
          sx={{ display: { md: 'none' } }}
        >
          <MenuIcon />
        </IconButton>
        {hasOpenedMenu && (
          <Suspense fallback={null}>
            <TopBarMenu
              id={menuId}
              anchorEl={menuAnchor}
              onClose={closeMenu}
              navItems={navItems}
              user={user}
              onLogout={handleLogout}
              isLoggingOut={logoutMutation.isPending}
            />
          </Suspense>
        )}
      </Toolbar>
    </AppBar>
  );
}
