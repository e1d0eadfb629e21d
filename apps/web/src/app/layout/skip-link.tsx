import Box from '@mui/material/Box';

export const MAIN_CONTENT_ID = 'main-content';

/**
 * "Skip to content": the first stop of the Tab key, hidden until focused, jumping past the top
 * bar to the page itself. Focus is moved by hand: a plain "#main-content" would put a hash into
 * the router's address.
 */
export function SkipLink() {
  return (
    <Box
      component="a"
      href={`#${MAIN_CONTENT_ID}`}
      onClick={(event) => {
        event.preventDefault();
        document.getElementById(MAIN_CONTENT_ID)?.focus();
      }}
      sx={{
        position: 'fixed',
        top: 8,
        left: 8,
        zIndex: (theme) => theme.zIndex.tooltip + 1,
        px: 2,
        py: 1.25,
        borderRadius: 1,
        bgcolor: 'primary.main',
        color: 'primary.contrastText',
        fontWeight: 600,
        textDecoration: 'none',
        boxShadow: 3,
        transform: 'translateY(-200%)',
        '&:focus': {
          transform: 'none',
          outline: '3px solid',
          outlineColor: 'primary.dark',
          outlineOffset: 2,
        },
      }}
    >
      Skip to content
    </Box>
  );
}
