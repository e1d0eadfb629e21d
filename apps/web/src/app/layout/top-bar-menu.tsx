import type { User } from '@bindery/shared';
import LoginIcon from '@mui/icons-material/Login';
import LogoutIcon from '@mui/icons-material/Logout';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { NavLink, Link as RouterLink } from 'react-router';
import { MuiThemeScope } from '../../ui/mui-theme';
import type { NavItem } from './top-bar';
import { UserAvatar } from './user-avatar';

export interface TopBarMenuProps {
  id: string;
  /** The menu button while the menu is open; null when closed. */
  anchorEl: HTMLElement | null;
  onClose: () => void;
  navItems: NavItem[];
  user: User | null;
  /** The sign-in page's address, keeping a return target (useLoginPath). */
  loginPath: string;
  onLogout: () => void;
  isLoggingOut: boolean;
}

/** The phone menu: the navigation, who is signed in, and Logout or Login. */
export function TopBarMenu({
  id,
  anchorEl,
  onClose,
  navItems,
  user,
  loginPath,
  onLogout,
  isLoggingOut,
}: TopBarMenuProps) {
  return (
    <MuiThemeScope>
      <Menu
        id={id}
        anchorEl={anchorEl}
        open={Boolean(anchorEl)}
        onClose={onClose}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { minWidth: 220 } } }}
      >
        {navItems.map((item) => (
          <MenuItem key={item.to} component={NavLink} to={item.to} onClick={onClose}>
            {item.label}
          </MenuItem>
        ))}
        <Divider />
        {user && (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, px: 2, py: 1 }}>
            <UserAvatar name={user.name} size={28} />
            <Typography variant="body2" noWrap sx={{ fontWeight: 500 }}>
              {user.name}
            </Typography>
          </Box>
        )}
        {user && (
          <MenuItem component={NavLink} to="/account" onClick={onClose}>
            Account
          </MenuItem>
        )}
        {user ? (
          <MenuItem onClick={onLogout} disabled={isLoggingOut}>
            <ListItemIcon>
              <LogoutIcon fontSize="small" />
            </ListItemIcon>
            Logout
          </MenuItem>
        ) : (
          <MenuItem component={RouterLink} to={loginPath} onClick={onClose}>
            <ListItemIcon>
              <LoginIcon fontSize="small" />
            </ListItemIcon>
            Login
          </MenuItem>
        )}
      </Menu>
    </MuiThemeScope>
  );
}
