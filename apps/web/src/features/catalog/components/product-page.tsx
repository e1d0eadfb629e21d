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
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
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

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 2, md: 4 } }}>
      <Breadcrumbs
        aria-label="Breadcrumb"
        separator={<NavigateNextIcon fontSize="small" />}
        sx={{ mb: { xs: 2, md: 3 }, '& .MuiBreadcrumbs-li': { minWidth: 0 } }}
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

        <Box>
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
            sx={{ mt: 2, fontWeight: 700, lineHeight: 1.2, fontSize: { md: '2.5rem' } }}
          >
            {product.title}
          </Typography>
          {product.subtitle && (
            <Typography component="p" variant="h6" color="text.secondary" sx={{ mt: 1 }}>
              {product.subtitle}
            </Typography>
          )}

          <Typography component="p" variant="h4" sx={{ mt: 2, fontWeight: 700 }}>
            {formatDollars(product.price)}
          </Typography>

          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mt: 3 }}>
            <BuyNowButton productId={product._id} sx={{ minWidth: { sm: 200 } }} />
            <ShareButton
              url={shareUrl}
              title={product.title}
              text={product.subtitle || undefined}
              size="large"
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
    </Container>
  );
}
