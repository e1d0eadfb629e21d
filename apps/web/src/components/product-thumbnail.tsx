import { imageVariantUrl } from '@bindery/shared';
import ImageOutlinedIcon from '@mui/icons-material/ImageOutlined';
import Box from '@mui/material/Box';

const SIZE = 48;
const frameSx = {
  flexShrink: 0,
  width: SIZE,
  height: SIZE,
  borderRadius: 1,
  bgcolor: 'action.hover',
};

/**
 * A product's first image as a 48×48 thumbnail (the small WebP variant), or a placeholder when
 * there is none. Decorative: the title beside it names the product.
 */
export function ProductThumbnail({ src }: { src: string | undefined }) {
  if (!src) {
    return (
      <Box
        aria-hidden
        sx={{ ...frameSx, color: 'text.disabled', display: 'grid', placeItems: 'center' }}
      >
        <ImageOutlinedIcon />
      </Box>
    );
  }
  return (
    <Box
      component="img"
      alt=""
      src={imageVariantUrl(src, 'thumb')}
      loading="lazy"
      width={SIZE}
      height={SIZE}
      sx={{ ...frameSx, objectFit: 'cover' }}
    />
  );
}
