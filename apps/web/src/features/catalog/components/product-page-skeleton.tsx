import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { visuallyHiddenSx } from '../../../components/visually-hidden';
import { coverAspectRatio } from '../cover';
import { productLayoutSx, stackedImageHeight } from './product-layout';

/** The product page's shape while it loads, so nothing jumps when it arrives. */
export function ProductPageSkeleton() {
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 1.5, md: 4 } }} role="status" aria-busy>
      <Box component="span" sx={visuallyHiddenSx}>
        Loading product...
      </Box>
      <Skeleton width={220} sx={{ mb: { xs: 1.5, md: 3 } }} />
      <Box sx={productLayoutSx} aria-hidden>
        <Box>
          <Skeleton
            variant="rounded"
            sx={{
              width: '100%',
              height: { ...stackedImageHeight, md: 'auto' },
              aspectRatio: { md: coverAspectRatio },
            }}
          />
          <Stack direction="row" spacing={{ xs: 1, md: 1.5 }} sx={{ mt: { xs: 1, md: 2 } }}>
            {[0, 1, 2].map((index) => (
              <Skeleton
                key={index}
                variant="rounded"
                sx={{ width: { xs: 48, md: 64 }, height: { xs: 60, md: 80 } }}
              />
            ))}
          </Stack>
        </Box>
        <Box>
          <Stack direction="row" spacing={1}>
            <Skeleton variant="rounded" width={90} height={24} sx={{ borderRadius: 4 }} />
            <Skeleton variant="rounded" width={120} height={24} sx={{ borderRadius: 4 }} />
          </Stack>
          <Skeleton sx={{ mt: 2, fontSize: '2.4rem' }} />
          <Skeleton width="60%" sx={{ fontSize: '2.4rem' }} />
          <Skeleton width="70%" sx={{ mt: 1, fontSize: '1.25rem' }} />
          <Skeleton width={120} sx={{ mt: 2, fontSize: '2.2rem' }} />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mt: 3 }}>
            <Skeleton variant="rounded" height={48} sx={{ width: { xs: '100%', sm: 180 } }} />
            <Skeleton variant="rounded" height={48} sx={{ width: { xs: '100%', sm: 120 } }} />
          </Stack>
          <Box
            sx={{
              display: 'grid',
              gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' },
              gap: 2,
              mt: 4,
            }}
          >
            {[0, 1, 2, 3].map((index) => (
              <Stack key={index} direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
                <Skeleton variant="circular" width={40} height={40} />
                <Box sx={{ flexGrow: 1 }}>
                  <Skeleton width="60%" />
                  <Skeleton width="90%" />
                </Box>
              </Stack>
            ))}
          </Box>
          <Skeleton width={140} sx={{ mt: 4, fontSize: '1.25rem' }} />
          {[0, 1, 2].map((index) => (
            <Skeleton key={index} width={index === 2 ? '70%' : '100%'} />
          ))}
        </Box>
      </Box>
    </Container>
  );
}
