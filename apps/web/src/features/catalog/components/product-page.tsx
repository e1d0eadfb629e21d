import { CatalogMessages, formatDollars, type DigitalFormat, type Product } from '@bindery/shared';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import FolderZipOutlinedIcon from '@mui/icons-material/FolderZipOutlined';
import MenuBookOutlinedIcon from '@mui/icons-material/MenuBookOutlined';
import NavigateNextIcon from '@mui/icons-material/NavigateNext';
import PictureAsPdfOutlinedIcon from '@mui/icons-material/PictureAsPdfOutlined';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useCallback, useState, type RefCallback } from 'react';
import { Link as RouterLink, useHref, useParams } from 'react-router';
import { ShareButton } from '../../../components/share-button';
import { StatusMessage } from '../../../components/status-message';
import { useProduct } from '../api/get-product';
import { describeDigitalFile } from '../digital-file';
import { BuyNowButton } from './buy-now-button';
import { ProductAssurances } from './product-assurances';
import { ProductGallery } from './product-gallery';
import { productLayoutSx } from './product-layout';
import { ProductPageSkeleton } from './product-page-skeleton';

const FORMAT_ICONS: Record<DigitalFormat, typeof PictureAsPdfOutlinedIcon> = {
  pdf: PictureAsPdfOutlinedIcon,
  epub: MenuBookOutlinedIcon,
  zip: FolderZipOutlinedIcon,
};

/** Blank lines separate paragraphs; single line breaks inside one are kept as written. */
function toParagraphs(text: string): string[] {
  return text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
}

export function ProductPage() {
  const { id } = useParams();
  const { data: product, isPending, isError } = useProduct(id);

  if (!id) return <ProductNotFound />;
  if (isPending) return <ProductPageSkeleton />;
  // Missing (404) or the call failed: the specification shows the same page for both.
  if (isError) return <ProductNotFound />;
  // Keyed so another product starts again at its first image.
  return <ProductDetails key={product._id} product={product} />;
}

export function ProductNotFound() {
  return (
    <Container maxWidth="md">
      <StatusMessage
        headingLevel="h1"
        icon={<SearchOffIcon />}
        title={CatalogMessages.notFoundTitle}
        text={CatalogMessages.notFoundText}
        action={
          <Button component={RouterLink} to="/products" variant="contained">
            Back to Home
          </Button>
        }
      />
    </Container>
  );
}

function ProductDetails({ product }: { product: Product }) {
  const href = useHref(`/product/${product._id}`);
  const shareUrl = new URL(href, window.location.origin).toString();
  const FormatIcon = FORMAT_ICONS[product.digitalFile.format];
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.down('sm'));
  const [buyButtonsRef, areBuyButtonsInView] = useIsInView<HTMLDivElement>();

  return (
    <Container
      maxWidth="lg"
      // At the bottom of a phone, room for the buy bar so it never covers the last lines.
      sx={{ pt: { xs: 1.5, md: 4 }, pb: { xs: BUY_BAR_ROOM, sm: 2, md: 4 } }}
    >
      <Breadcrumbs
        aria-label="Breadcrumb"
        separator={<NavigateNextIcon fontSize="small" />}
        sx={{
          mb: { xs: 1.5, md: 3 },
          '& .MuiBreadcrumbs-ol': { flexWrap: 'nowrap' },
          // Only the product's title gives way (with an ellipsis); "Products" stays whole.
          '& .MuiBreadcrumbs-li, & .MuiBreadcrumbs-separator': { flexShrink: 0 },
          '& .MuiBreadcrumbs-li:last-of-type': { flexShrink: 1, minWidth: 0 },
        }}
      >
        <Link component={RouterLink} to="/products" underline="hover" color="inherit">
          Products
        </Link>
        <Typography
          color="text.primary"
          aria-current="page"
          noWrap
          sx={{ maxWidth: { xs: '65vw', sm: 520 } }}
        >
          {product.title}
        </Typography>
      </Breadcrumbs>

      <Box sx={productLayoutSx}>
        <ProductGallery title={product.title} images={product.image} />

        <Box sx={{ minWidth: 0 }}>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <Chip
              icon={<CheckCircleIcon />}
              label="In Stock"
              color="success"
              size="small"
              sx={{ fontWeight: 600 }}
            />
            <Chip
              icon={<FormatIcon />}
              label={describeDigitalFile(product.digitalFile)}
              variant="outlined"
              size="small"
            />
          </Stack>

          <Typography
            component="h1"
            variant="h4"
            sx={{
              mt: { xs: 1.5, md: 2 },
              fontWeight: 700,
              lineHeight: 1.2,
              fontSize: { xs: '1.5rem', sm: '2rem', md: '2.5rem' },
            }}
          >
            {product.title}
          </Typography>
          {product.subtitle && (
            <Typography
              component="p"
              variant="h6"
              color="text.secondary"
              sx={{ mt: { xs: 0.5, md: 1 }, fontSize: { xs: '1.05rem', md: '1.25rem' } }}
            >
              {product.subtitle}
            </Typography>
          )}

          <Typography
            component="p"
            variant="h4"
            sx={{
              mt: { xs: 1, md: 2 },
              fontWeight: 700,
              fontSize: { xs: '1.75rem', md: '2.125rem' },
            }}
          >
            {formatDollars(product.price)}
          </Typography>

          <Stack
            ref={buyButtonsRef}
            direction="row"
            spacing={1.5}
            sx={{ mt: { xs: 2, md: 3 }, alignItems: 'flex-end' }}
          >
            <BuyNowButton
              productId={product._id}
              sx={{ flexGrow: { xs: 1, sm: 0 }, minWidth: { sm: 200 } }}
            />
            <ShareButton
              url={shareUrl}
              title={product.title}
              text={product.subtitle || undefined}
              size="large"
              sx={{ flexShrink: 0 }}
            />
          </Stack>

          <Divider sx={{ my: 4 }} />
          <ProductAssurances />
          <Divider sx={{ my: 4 }} />

          <Box component="section" aria-labelledby="product-description">
            <Typography
              id="product-description"
              component="h2"
              variant="h6"
              sx={{ mb: 1.5, fontWeight: 600 }}
            >
              Description
            </Typography>
            {toParagraphs(product.description).map((paragraph, index) => (
              <Typography
                key={index}
                sx={{ mb: 2, whiteSpace: 'pre-line', lineHeight: 1.7, maxWidth: '70ch' }}
              >
                {paragraph}
              </Typography>
            ))}
          </Box>
        </Box>
      </Box>
      {isPhone && !areBuyButtonsInView && (
        <PhoneBuyBar productId={product._id} price={formatDollars(product.price)} />
      )}
    </Container>
  );
}

/** Space at the bottom of the page for the phone buy bar (theme spacing units). */
const BUY_BAR_ROOM = 11;

/**
 * On phones, once Buy Now has scrolled out of sight, the price and Buy Now stay at the bottom of
 * the screen. Toasts sit at the top, so the bar never hides one.
 */
function PhoneBuyBar({ productId, price }: { productId: string; price: string }) {
  return (
    <Paper
      square
      elevation={8}
      data-testid="phone-buy-bar"
      sx={{
        position: 'fixed',
        left: 0,
        right: 0,
        bottom: 0,
        zIndex: (theme) => theme.zIndex.appBar,
        display: 'flex',
        alignItems: 'center',
        gap: 2,
        px: 2,
        pt: 1.5,
        // Clear of the home indicator on phones that have one.
        pb: 'calc(12px + env(safe-area-inset-bottom, 0px))',
        borderTop: 1,
        borderColor: 'divider',
      }}
    >
      <Typography component="p" variant="h6" sx={{ fontWeight: 700, flexShrink: 0 }}>
        {price}
      </Typography>
      <BuyNowButton productId={productId} sx={{ flexGrow: 1 }} />
    </Paper>
  );
}

/** Whether the element is on screen; true where the browser cannot tell (no observer). */
function useIsInView<T extends Element>(): [RefCallback<T>, boolean] {
  const [isInView, setInView] = useState(true);
  const ref = useCallback((element: T | null) => {
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(([entry]) =>
      setInView(entry?.isIntersecting ?? true),
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, isInView];
}
