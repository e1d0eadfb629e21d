import { imageVariantUrl } from '@bindery/shared';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

/** The product's images as small thumbnails, dimmed once new ones are chosen to replace them. */
export function CurrentImages({ urls, isReplaced }: { urls: string[]; isReplaced: boolean }) {
  return (
    <Box sx={{ mb: 1.5 }}>
      <Typography variant="caption" color="textSecondary" component="p" sx={{ mb: 0.5 }}>
        {isReplaced ? 'Current images (will be replaced)' : 'Current images'}
      </Typography>
      <Stack
        direction="row"
        component="ul"
        sx={{ flexWrap: 'wrap', gap: 1, listStyle: 'none', p: 0, m: 0 }}
      >
        {urls.map((url, index) => (
          <Box component="li" key={url}>
            <Box
              component="img"
              src={imageVariantUrl(url, 'thumb')}
              alt={`Current image ${index + 1}`}
              loading="lazy"
              width={64}
              height={64}
              sx={{
                display: 'block',
                width: 64,
                height: 64,
                objectFit: 'cover',
                borderRadius: 1,
                border: 1,
                borderColor: 'divider',
                bgcolor: 'action.hover',
                opacity: isReplaced ? 0.45 : 1,
              }}
            />
          </Box>
        ))}
      </Stack>
    </Box>
  );
}
