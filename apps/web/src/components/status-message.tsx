import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

export interface StatusMessageProps {
  /** A decorative icon above the title. */
  icon?: ReactNode;
  title: string;
  text: string;
  /** A button or link that helps the reader on. */
  action?: ReactNode;
  /** The heading level of the title, to fit the page's outline. */
  headingLevel?: 'h1' | 'h2';
}

/** A centred empty, error or not-found message: icon, title, one line of text, an action. */
export function StatusMessage({
  icon,
  title,
  text,
  action,
  headingLevel = 'h2',
}: StatusMessageProps) {
  return (
    <Stack
      spacing={1.5}
      sx={{ alignItems: 'center', textAlign: 'center', px: 2, py: { xs: 6, sm: 10 } }}
    >
      {icon && (
        <Box
          aria-hidden
          sx={{
            display: 'grid',
            placeItems: 'center',
            width: 64,
            height: 64,
            mb: 1,
            borderRadius: '50%',
            bgcolor: 'action.hover',
            color: 'text.secondary',
            '& svg': { fontSize: 32 },
          }}
        >
          {icon}
        </Box>
      )}
      <Typography
        component={headingLevel}
        variant={headingLevel === 'h1' ? 'h4' : 'h5'}
        sx={{ fontWeight: 600 }}
      >
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ maxWidth: 480 }}>
        {text}
      </Typography>
      {action && <Box sx={{ pt: 1.5 }}>{action}</Box>}
    </Stack>
  );
}
