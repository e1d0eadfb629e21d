import { IMAGE_VARIANTS, imageVariantUrl } from '@bindery/shared';
import ImageNotSupportedOutlinedIcon from '@mui/icons-material/ImageNotSupportedOutlined';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import { useState } from 'react';
import { coverAspectRatio, coverHeight } from '../cover';
import { stackedImageHeight } from './product-layout';

export interface ProductGalleryProps {
  title: string;
  images: string[];
}

/** The selected image large, and a thumbnail per image to pick another; the first at start. */
export function ProductGallery({ title, images }: ProductGalleryProps) {
  const [selected, setSelected] = useState(0);
  const current = images[selected] ?? images[0];

  return (
    <Box component="section" aria-label="Product images" sx={{ minWidth: 0 }}>
      <Box
        sx={{
          position: 'relative',
          height: { ...stackedImageHeight, md: 'auto' },
          aspectRatio: { md: coverAspectRatio },
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
            sx={{
              display: 'block',
              width: '100%',
              height: '100%',
              // The short frame shows the whole cover rather than a cut-out of it.
              objectFit: { xs: 'contain', md: 'cover' },
            }}
          />
        ) : (
          <Box
            sx={{ display: 'grid', placeItems: 'center', height: '100%', color: 'text.disabled' }}
          >
            <ImageNotSupportedOutlinedIcon sx={{ fontSize: 56 }} aria-hidden />
          </Box>
        )}
        {images.length > 1 && (
          // Which image of how many; the thumbnails say the same to screen readers.
          <Box
            aria-hidden
            sx={{
              display: { md: 'none' },
              position: 'absolute',
              right: 8,
              bottom: 8,
              px: 1,
              py: 0.25,
              borderRadius: 4,
              bgcolor: 'rgba(0, 0, 0, 0.72)',
              color: 'common.white',
              typography: 'caption',
              fontWeight: 600,
            }}
          >
            {selected + 1} / {images.length}
          </Box>
        )}
      </Box>

      {images.length > 1 && (
        <Box
          component="ul"
          sx={{
            display: 'flex',
            // Stacked: one row that scrolls and snaps; beside the details: rows that wrap.
            flexWrap: { xs: 'nowrap', md: 'wrap' },
            overflowX: { xs: 'auto', md: 'visible' },
            scrollSnapType: { xs: 'x mandatory', md: 'none' },
            scrollbarWidth: 'none',
            '&::-webkit-scrollbar': { display: 'none' },
            gap: { xs: 1, md: 1.5 },
            listStyle: 'none',
            m: 0,
            mt: { xs: 1, md: 2 },
            // Room for the focus ring inside the scrolling row.
            p: { xs: '4px', md: 0 },
            mx: { xs: '-4px', md: 0 },
          }}
        >
          {images.map((image, index) => {
            const isSelected = index === selected;
            return (
              <Box
                component="li"
                key={`${image}-${index}`}
                sx={{ flexShrink: 0, scrollSnapAlign: 'start' }}
              >
                <ButtonBase
                  aria-label={`Show image ${index + 1} of ${images.length}`}
                  aria-pressed={isSelected}
                  onClick={() => setSelected(index)}
                  sx={{
                    display: 'block',
                    width: { xs: 48, md: 64 },
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
                      outlineOffset: { xs: -1, md: 2 },
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
              </Box>
            );
          })}
        </Box>
      )}
    </Box>
  );
}
