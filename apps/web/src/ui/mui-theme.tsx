import { ThemeProvider } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { theme } from './theme';

/**
 * The MUI theme around the parts built with MUI (sign-in, orders, admin, dialogs and menus). It
 * is loaded with them, not with the first view: the catalogue, the product page and the top bar
 * are drawn with ui/store.css, whose baseline stands in for MUI's CssBaseline.
 */
export function MuiThemeScope({ children }: { children: ReactNode }) {
  return <ThemeProvider theme={theme}>{children}</ThemeProvider>;
}
