import { CATALOG_PAGE_SIZE, CatalogMessages } from '@bindery/shared';
import CloudOffOutlinedIcon from '@mui/icons-material/CloudOffOutlined';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { PaginationNav } from '../../../components/pagination-nav';
import { StatusMessage } from '../../../components/status-message';
import { useProducts } from '../api/get-products';
import { ProductCard } from './product-card';
import { ProductSearch } from './product-search';

/** A page number from the URL; anything that is not a whole number from 1 up means page 1. */
function readPage(value: string | null): number {
  const page = Number(value);
  return Number.isSafeInteger(page) && page >= 1 ? page : 1;
}

/** "?page=2&search=handbook"; page 1 and an empty search are left out. */
function catalogSearchParams(page: number, search: string): URLSearchParams {
  const params = new URLSearchParams();
  if (page > 1) params.set('page', String(page));
  if (search) params.set('search', search);
  return params;
}

function resultSummary(page: number, total: number, search: string, capped = false): string {
  if (total === 0) return '';
  const first = (page - 1) * CATALOG_PAGE_SIZE + 1;
  const last = Math.min(page * CATALOG_PAGE_SIZE, total);
  if (first > total) return '';
  // A very common search counts its best matches only: "of 1,000+".
  const count = capped ? `${total.toLocaleString('en-US')}+` : `${total}`;
  const noun = search ? (total === 1 ? 'result' : 'results') : total === 1 ? 'product' : 'products';
  const range = first === 1 && last === total && !capped ? count : `${first}–${last} of ${count}`;
  return `Showing ${range} ${noun}${search ? ` for “${search}”` : ''}`;
}

export function ProductsPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const page = readPage(searchParams.get('page'));
  const search = (searchParams.get('search') ?? '').trim();
  const { data, isPending, isError, isPlaceholderData, refetch } = useProducts({ page, search });

  // Page and search live in the URL, so back, forward and shared links work.
  const goToPage = (next: number) => setSearchParams(catalogSearchParams(next, search));
  const runSearch = (text: string) => setSearchParams(catalogSearchParams(1, text));

  let content: ReactNode;
  if (isPending) {
    content = (
      <Stack
        role="status"
        spacing={2}
        sx={{ alignItems: 'center', justifyContent: 'center', py: 12 }}
      >
        <CircularProgress aria-hidden />
        <Typography color="text.secondary">Loading products...</Typography>
      </Stack>
    );
  } else if (isError) {
    content = (
      <Box role="alert">
        <StatusMessage
          icon={<CloudOffOutlinedIcon />}
          title={CatalogMessages.loadErrorTitle}
          text={CatalogMessages.loadErrorText}
          action={
            <Button variant="outlined" onClick={() => void refetch()}>
              Try again
            </Button>
          }
        />
      </Box>
    );
  } else if (data.products.length === 0) {
    content = (
      <StatusMessage
        icon={<SearchOffIcon />}
        title={CatalogMessages.emptyTitle}
        text={CatalogMessages.emptyText}
        action={
          search ? (
            <Button variant="outlined" onClick={() => runSearch('')}>
              Clear search
            </Button>
          ) : undefined
        }
      />
    );
  } else {
    content = (
      <Box
        component="ul"
        aria-label="Products"
        aria-busy={isPlaceholderData}
        sx={{
          display: 'grid',
          gridTemplateColumns: {
            xs: 'minmax(0, 1fr)',
            sm: 'repeat(2, minmax(0, 1fr))',
            md: 'repeat(3, minmax(0, 1fr))',
            lg: 'repeat(4, minmax(0, 1fr))',
            xl: 'repeat(5, minmax(0, 1fr))',
          },
          gap: { xs: 1.5, sm: 2, md: 3 },
          listStyle: 'none',
          m: 0,
          p: 0,
          opacity: isPlaceholderData ? 0.6 : 1,
          transition: 'opacity 150ms ease',
        }}
      >
        {data.products.map((product) => (
          <li key={product._id}>
            <ProductCard product={product} />
          </li>
        ))}
      </Box>
    );
  }

  return (
    <Container maxWidth="xl" sx={{ py: { xs: 3, md: 5 } }}>
      <Box
        sx={{
          display: 'flex',
          flexDirection: { xs: 'column', md: 'row' },
          alignItems: { md: 'flex-end' },
          justifyContent: 'space-between',
          gap: 2,
          mb: 1,
        }}
      >
        <Box>
          <Typography component="h1" variant="h4" sx={{ fontWeight: 700 }}>
            Products
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 0.5 }}>
            Guides, e-books and bundles, ready to download right after payment.
          </Typography>
        </Box>
        <ProductSearch value={search} onSearch={runSearch} />
      </Box>

      <Typography
        role="status"
        variant="body2"
        color="text.secondary"
        sx={{ minHeight: '1.5em', mt: 2, mb: 2 }}
      >
        {isPlaceholderData
          ? 'Loading products...'
          : data && !isError
            ? resultSummary(data.page, data.total, search, data.totalCapped)
            : ''}
      </Typography>

      {content}

      {data && !isError && (
        <Box sx={{ mt: { xs: 4, md: 6 } }}>
          <PaginationNav page={page} pages={data.pages} onPageChange={goToPage} />
        </Box>
      )}
    </Container>
  );
}
