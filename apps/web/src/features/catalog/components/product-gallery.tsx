import { IMAGE_VARIANTS, imageVariantUrl } from '@bindery/shared';
import ImageNotSupportedOutlinedIcon from '@mui/icons-material/ImageNotSupportedOutlined';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import { useState } from 'react';
import { coverAspectRatio, coverHeight } from '../cover';

export interface ProductGalleryProps {
  title: string;
  images: string[];
}

/** The selected image large, and a thumbnail per image to pick another; the first at start. */
export function ProductGallery({ title, images }: ProductGalleryProps) {
  const [selected, setSelected] = useState(0);
  const current = images[selected] ?? images[0];

  return (
    <Box component="section" aria-label="Product images">
      <Box
        sx={{
          aspectRatio: coverAspectRatio,
          overflow: 'hidden',
          borderRadius: 2,
          bgcolor: 'grey.100',
          border: 1,
          borderColor: 'divider',
        }}
      >
        {current ? (
          <Box
            component="img"
            src={imageVariantUrl(current, 'large')}
            alt={title}
            width={IMAGE_VARIANTS.large}
            height={coverHeight(IMAGE_VARIANTS.large)}
            // The main image is what the page is about: fetch it first.
            fetchPriority="high"
            sx={{ display: 'block', width: '100%', height: '100%', objectFit: 'cover' }}
          />
        ) : (
          <Box
            sx={{ display: 'grid', placeItems: 'center', height: '100%', color: 'text.disabled' }}
          >
            <ImageNotSupportedOutlinedIcon sx={{ fontSize: 56 }} aria-hidden />
          </Box>
        )}
      </Box>

      {images.length > 1 && (
        <Box
          component="ul"
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, listStyle: 'none', m: 0, mt: 2, p: 0 }}
        >
          {images.map((image, index) => {
            const isSelected = index === selected;
            return (
              <li key={`${image}-${index}`}>
                <ButtonBase
                  aria-label={`Show image ${index + 1} of ${images.length}`}
                  aria-pressed={isSelected}
                  onClick={() => setSelected(index)}
                  sx={{
                    display: 'block',
                    width: 64,
                    aspectRatio: coverAspectRatio,
                    overflow: 'hidden',
                    borderRadius: 1,
                    border: 2,
                    borderColor: isSelected ? 'primary.main' : 'transparent',
                    opacity: isSelected ? 1 : 0.7,
                    transition: 'opacity 150ms ease, border-color 150ms ease',
                    '&:hover': { opacity: 1 },
                    '&.Mui-focusVisible': {
                      outline: '3px solid',
                      outlineColor: 'primary.main',
                      outlineOffset: 2,
                    },
                  }}
                >
                  <Box
                    component="img"
                    src={imageVariantUrl(image, 'thumb')}
                    alt=""
                    width={IMAGE_VARIANTS.thumb}
                    height={coverHeight(IMAGE_VARIANTS.thumb)}
                    loading="lazy"
                    sx={{ display: 'block', width: '100%', height: '100%', objectFit: 'cover' }}
                  />
                </ButtonBase>
              </li>
            );
          })}
        </Box>
      )}
    </Box>
  );
}
