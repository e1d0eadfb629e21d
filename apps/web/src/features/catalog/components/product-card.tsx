import { formatDollars, imageVariantUrl, IMAGE_VARIANTS, type Product } from '@bindery/shared';
import ImageNotSupportedOutlinedIcon from '@mui/icons-material/ImageNotSupportedOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { Link as RouterLink } from 'react-router';
import { coverAspectRatio, coverHeight } from '../cover';
import { formatLabel } from '../digital-file';

// The width and height attributes reserve the image's space before it arrives.
const CARD_WIDTH = IMAGE_VARIANTS.card;
const CARD_HEIGHT = coverHeight(CARD_WIDTH);

/** The cover's width in the phone card, beside the text. */
const PHONE_COVER_WIDTH = 112;

const clampLines = (lines: number) =>
  ({
    display: '-webkit-box',
    WebkitLineClamp: lines,
    WebkitBoxOrient: 'vertical',
    overflow: 'hidden',
  }) as const;

export function ProductCard({ product }: { product: Product }) {
  const titleId = useId();
  const detailsId = useId();
  const cover = product.image[0];

  return (
    <Card
      variant="outlined"
      sx={{
        height: '100%',
        transition: 'box-shadow 150ms ease, transform 150ms ease, border-color 150ms ease',
        '&:hover': { boxShadow: 4, borderColor: 'transparent', transform: 'translateY(-2px)' },
        '@media (prefers-reduced-motion: reduce)': { transition: 'none', transform: 'none' },
      }}
    >
      <CardActionArea
        component={RouterLink}
        to={`/product/${product._id}`}
        aria-labelledby={titleId}
        aria-describedby={detailsId}
        disableRipple
        sx={{
          height: '100%',
          display: 'flex',
          // Phones: the cover beside the text, so a screen holds several cards.
          flexDirection: { xs: 'row', sm: 'column' },
          alignItems: { xs: 'flex-start', sm: 'stretch' },
          '&.Mui-focusVisible': {
            outline: '3px solid',
            outlineColor: 'primary.main',
            outlineOffset: '-3px',
            borderRadius: 'inherit',
          },
        }}
      >
        {/* A fixed shape: every cover in a row is as tall, whatever the title's length. */}
        <Box
          sx={{
            flexShrink: 0,
            width: { xs: PHONE_COVER_WIDTH, sm: 'auto' },
            bgcolor: 'grey.100',
            aspectRatio: coverAspectRatio,
          }}
        >
          {cover ? (
            <Box
              component="img"
              src={imageVariantUrl(cover, 'card')}
              alt={product.title}
              width={CARD_WIDTH}
              height={CARD_HEIGHT}
              loading="lazy"
              decoding="async"
              sx={{ display: 'block', width: '100%', height: '100%', objectFit: 'cover' }}
            />
          ) : (
            <Box
              sx={{ display: 'grid', placeItems: 'center', height: '100%', color: 'text.disabled' }}
            >
              <ImageNotSupportedOutlinedIcon fontSize="large" aria-hidden />
            </Box>
          )}
        </Box>
        <Box
          sx={{
            display: 'flex',
            flexDirection: 'column',
            flexGrow: 1,
            alignSelf: 'stretch',
            minWidth: 0,
            gap: 0.5,
            p: { xs: 1.5, sm: 2 },
          }}
        >
          <Typography
            id={titleId}
            component="h2"
            variant="subtitle1"
            sx={{ fontWeight: 600, lineHeight: 1.3, ...clampLines(2) }}
          >
            {product.title}
          </Typography>
          <Box id={detailsId} sx={{ display: 'flex', flexDirection: 'column', flexGrow: 1 }}>
            {product.subtitle && (
              <Typography variant="body2" color="text.secondary" sx={clampLines(2)}>
                {product.subtitle}
              </Typography>
            )}
            <Box
              sx={{
                display: 'flex',
                alignItems: 'center',
                justifyContent: 'space-between',
                gap: 1,
                mt: 'auto',
                pt: 1.5,
              }}
            >
              <Typography component="p" variant="h6" sx={{ fontWeight: 700, lineHeight: 1.2 }}>
                {formatDollars(product.price)}
              </Typography>
              <Chip
                label={formatLabel(product.digitalFile.format)}
                size="small"
                variant="outlined"
                sx={{ fontWeight: 600, letterSpacing: 0.5 }}
              />
            </Box>
          </Box>
        </Box>
      </CardActionArea>
    </Card>
  );
}
