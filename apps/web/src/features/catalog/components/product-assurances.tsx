import BoltIcon from '@mui/icons-material/Bolt';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import VerifiedOutlinedIcon from '@mui/icons-material/VerifiedOutlined';
import WorkspacePremiumOutlinedIcon from '@mui/icons-material/WorkspacePremiumOutlined';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

const ASSURANCES: { icon: ReactNode; title: string; text: string }[] = [
  {
    icon: <BoltIcon />,
    title: 'Instant delivery',
    text: 'Download your file right after payment.',
  },
  {
    icon: <LockOutlinedIcon />,
    title: 'Secure payment',
    text: 'Pay by card on a protected checkout page.',
  },
  {
    icon: <WorkspacePremiumOutlinedIcon />,
    title: 'Premium quality',
    text: 'Carefully made files, checked before release.',
  },
  {
    icon: <VerifiedOutlinedIcon />,
    title: 'Satisfaction guarantee',
    text: "Something wrong with your file? We'll make it right.",
  },
];

/** Instant delivery, secure payment, premium quality and a satisfaction guarantee. */
export function ProductAssurances() {
  return (
    <Box
      component="ul"
      aria-label="Why buy here"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' },
        gap: 2,
        listStyle: 'none',
        m: 0,
        p: 0,
      }}
    >
      {ASSURANCES.map((item) => (
        <Box component="li" key={item.title} sx={{ display: 'flex', gap: 1.5 }}>
          <Box
            aria-hidden
            sx={{
              display: 'grid',
              placeItems: 'center',
              flexShrink: 0,
              width: 40,
              height: 40,
              borderRadius: '50%',
              bgcolor: 'action.hover',
              color: 'primary.main',
            }}
          >
            {item.icon}
          </Box>
          <Box>
            <Typography variant="subtitle2" component="p" sx={{ fontWeight: 600 }}>
              {item.title}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {item.text}
            </Typography>
          </Box>
        </Box>
      ))}
    </Box>
  );
}
