import { createTheme } from '@mui/material/styles';

// The page baseline (body font, colours, long words wrapping anywhere) is ui/store.css's, for the
// MUI pages too: MUI's CssBaseline is not used (decision 014).
export const theme = createTheme({
  palette: {
    primary: { main: '#3949ab' },
    secondary: { main: '#00897b' },
    background: { default: '#f6f7fb' },
  },
  shape: { borderRadius: 10 },
  typography: {
    // System fonts: nothing to download, and it reads native on every platform.
    fontFamily:
      'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
    button: { textTransform: 'none', fontWeight: 600 },
  },
  components: {
    // Our own labels keep their words whole; they never hold product text.
    MuiButton: {
      defaultProps: { disableElevation: true },
      styleOverrides: { root: { overflowWrap: 'normal' } },
    },
  },
});
