import { pageItems } from '@bindery/shared';
import { Button } from '../ui/button';
import { Icon } from '../ui/icon';
import './pagination-nav.css';

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

  // On phones Previous and Next shrink to their arrows; the words stay for screen readers.
  return (
    <nav aria-label={label}>
      <ul className="pagination">
        <li>
          <Button
            variant="outlined"
            color="inherit"
            disabled={isFirst}
            onClick={() => onPageChange(current - 1)}
            startIcon={<Icon name="chevronLeft" />}
            className="pagination__edge"
          >
            <span className="visually-hidden-phone">Previous</span>
          </Button>
        </li>
        {pageItems(current, pages).map((item) =>
          item.type === 'ellipsis' ? (
            <li key={item.key} aria-hidden className="pagination__ellipsis">
              …
            </li>
          ) : (
            <li key={item.page}>
              <Button
                variant={item.page === current ? 'contained' : 'text'}
                color={item.page === current ? 'primary' : 'inherit'}
                aria-current={item.page === current ? 'page' : undefined}
                aria-label={`Page ${item.page}`}
                onClick={() => onPageChange(item.page)}
                className="pagination__page"
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
            endIcon={<Icon name="chevronRight" />}
            className="pagination__edge"
          >
            <span className="visually-hidden-phone">Next</span>
          </Button>
        </li>
      </ul>
    </nav>
  );
}
