import { pageItems } from '@bindery/shared';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { Theme } from '@mui/material/styles';
import { visuallyHiddenSx } from './visually-hidden';

export interface PaginationNavProps {
  page: number;
  pages: number;
  onPageChange: (page: number) => void;
  /** Names the navigation landmark; "Pagination" unless the page has more than one. */
  label?: string;
}

/** Previous, the page numbers with an ellipsis per gap (first, last, current ± 1), and Next. */
export function PaginationNav({
  page,
  pages,
  onPageChange,
  label = 'Pagination',
}: PaginationNavProps) {
  if (pages <= 1) return null;
  // A page past the end (an old link) still offers a way back in range.
  const current = Math.min(Math.max(1, page), pages);
  const isFirst = current <= 1;
  const isLast = current >= pages;

  return (
    <Box component="nav" aria-label={label}>
      <Box
        component="ul"
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          justifyContent: 'center',
          gap: { xs: 0.5, sm: 1 },
          listStyle: 'none',
          m: 0,
          p: 0,
        }}
      >
        <li>
          <Button
            variant="outlined"
            color="inherit"
            disabled={isFirst}
            onClick={() => onPageChange(current - 1)}
            startIcon={<ChevronLeftIcon />}
            sx={edgeButtonSx('start')}
          >
            <Box component="span" sx={hiddenOnPhones}>
              Previous
            </Box>
          </Button>
        </li>
        {pageItems(current, pages).map((item) =>
          item.type === 'ellipsis' ? (
            <Box
              component="li"
              key={item.key}
              aria-hidden
              sx={{ minWidth: 20, textAlign: 'center', color: 'text.secondary' }}
            >
              …
            </Box>
          ) : (
            <li key={item.page}>
              <Button
                variant={item.page === current ? 'contained' : 'text'}
                color={item.page === current ? 'primary' : 'inherit'}
                aria-current={item.page === current ? 'page' : undefined}
                aria-label={`Page ${item.page}`}
                onClick={() => onPageChange(item.page)}
                sx={{ minWidth: { xs: 36, sm: 40 }, height: 40, px: 1 }}
              >
                {item.page}
              </Button>
            </li>
          ),
        )}
        <li>
          <Button
            variant="outlined"
            color="inherit"
            disabled={isLast}
            onClick={() => onPageChange(current + 1)}
            endIcon={<ChevronRightIcon />}
            sx={edgeButtonSx('end')}
          >
            <Box component="span" sx={hiddenOnPhones}>
              Next
            </Box>
          </Button>
        </li>
      </Box>
    </Box>
  );
}

/** On phones Previous and Next shrink to their arrows; the words stay for screen readers. */
function edgeButtonSx(icon: 'start' | 'end') {
  const outer = icon === 'start' ? 'ml' : 'mr';
  const inner = icon === 'start' ? 'mr' : 'ml';
  return {
    height: 40,
    minWidth: { xs: 40, sm: 0 },
    px: { xs: 1, sm: 2 },
    borderColor: 'divider',
    [`& .MuiButton-${icon}Icon`]: { [outer]: { xs: 0, sm: -0.5 }, [inner]: { xs: 0, sm: 1 } },
  };
}

const hiddenOnPhones = (theme: Theme) => ({ [theme.breakpoints.down('sm')]: visuallyHiddenSx });
