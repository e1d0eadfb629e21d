import { createTheme } from '@mui/material/styles';

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
    MuiCssBaseline: {
      styleOverrides: {
        // Titles and descriptions come from the shop's owner and may hold a URL or a very long
        // word: anywhere, not break-word, so boxes can also shrink below such a word (flex and
        // grid children size to their min-content) instead of pushing the page sideways.
        body: { overflowWrap: 'anywhere' },
        // A heading focused after a page change (see the layout) needs no ring for a mouse user.
        '[tabindex="-1"]:focus:not(:focus-visible)': { outline: 'none' },
      },
    },
    // Our own labels keep their words whole; they never hold product text.
    MuiButton: {
      defaultProps: { disableElevation: true },
      styleOverrides: { root: { overflowWrap: 'normal' } },
    },
  },
});
