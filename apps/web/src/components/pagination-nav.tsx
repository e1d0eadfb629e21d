import { pageItems } from '@bindery/shared';
import { Button, LinkButton, type ButtonLook } from '../ui/button';
import { Icon } from '../ui/icon';
import './pagination-nav.css';

export interface PaginationNavProps {
  page: number;
  pages: number;
  /** Called with the page asked for (buttons), unless `hrefFor` makes the pages links. */
  onPageChange?: (page: number) => void;
  /**
   * The address of a page: Previous, Next and the numbers become links, which work before the
   * app's script has run and which crawlers follow.
   */
  hrefFor?: (page: number) => string;
  /** Names the navigation landmark; "Pagination" unless the page has more than one. */
  label?: string;
}

/** Previous, the page numbers with an ellipsis per gap (first, last, current ± 1), and Next. */
export function PaginationNav({
  page,
  pages,
  onPageChange,
  hrefFor,
  label = 'Pagination',
}: PaginationNavProps) {
  if (pages <= 1) return null;
  // A page past the end (an old link) still offers a way back in range: Previous leads to the
  // last page, and no page is marked as the one shown.
  const isPastEnd = page > pages;
  const current = Math.min(Math.max(1, page), pages);
  const isFirst = current <= 1 && !isPastEnd;
  const isLast = current >= pages;
  const isShown = (item: number) => item === current && !isPastEnd;

  // On phones Previous and Next shrink to their arrows; the words stay for screen readers.
  return (
    <nav aria-label={label}>
      <ul className="pagination">
        <li>
          <PageControl
            target={isPastEnd ? pages : current - 1}
            disabled={isFirst}
            variant="outlined"
            color="inherit"
            startIcon={<Icon name="chevronLeft" />}
            className="pagination__edge"
            onPageChange={onPageChange}
            hrefFor={hrefFor}
          >
            <span className="visually-hidden-phone">Previous</span>
          </PageControl>
        </li>
        {pageItems(current, pages).map((item) =>
          item.type === 'ellipsis' ? (
            <li key={item.key} aria-hidden className="pagination__ellipsis">
              …
            </li>
          ) : (
            <li key={item.page}>
              <PageControl
                target={item.page}
                variant={isShown(item.page) ? 'contained' : 'text'}
                color={isShown(item.page) ? 'primary' : 'inherit'}
                aria-current={isShown(item.page) ? 'page' : undefined}
                aria-label={`Page ${item.page}`}
                className="pagination__page"
                onPageChange={onPageChange}
                hrefFor={hrefFor}
              >
                {item.page}
              </PageControl>
            </li>
          ),
        )}
        <li>
          <PageControl
            target={current + 1}
            disabled={isLast}
            variant="outlined"
            color="inherit"
            endIcon={<Icon name="chevronRight" />}
            className="pagination__edge"
            onPageChange={onPageChange}
            hrefFor={hrefFor}
          >
            <span className="visually-hidden-phone">Next</span>
          </PageControl>
        </li>
      </ul>
    </nav>
  );
}

type PageControlProps = ButtonLook & {
  target: number;
  disabled?: boolean;
  'aria-label'?: string;
  'aria-current'?: 'page';
} & Pick<PaginationNavProps, 'onPageChange' | 'hrefFor'>;

/** One control of the navigation: a link to its page when pages have addresses, else a button. */
function PageControl({ target, disabled, onPageChange, hrefFor, ...props }: PageControlProps) {
  if (hrefFor && !disabled) return <LinkButton to={hrefFor(target)} {...props} />;
  return <Button disabled={disabled} onClick={() => onPageChange?.(target)} {...props} />;
}
