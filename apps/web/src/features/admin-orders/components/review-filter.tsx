import { OrderMessages } from '@bindery/shared';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useSearchParams } from 'react-router';

/** The address's name for the "Needs review" filter: `?filter=review`. */
const REVIEW_FILTER = 'review';

/** Whether the address asks for the orders that need review only. */
export function useIsReviewOnly(): boolean {
  const [searchParams] = useSearchParams();
  return searchParams.get('filter') === REVIEW_FILTER;
}

/** All orders, or only those that need review; the choice lives in the address. */
export function ReviewFilter({ isReviewOnly }: { isReviewOnly: boolean }) {
  const [, setSearchParams] = useSearchParams();

  // A new filter starts from its first page; the size and the sort stay.
  const changeFilter = (isReview: boolean) => {
    setSearchParams((current) => {
      const params = new URLSearchParams(current);
      params.delete('page');
      if (isReview) params.set('filter', REVIEW_FILTER);
      else params.delete('filter');
      return params;
    });
  };

  return (
    <ToggleButtonGroup
      exclusive
      size="small"
      color="primary"
      aria-label="Which orders to show"
      value={isReviewOnly ? 'review' : 'all'}
      // Clicking the chosen button again answers null: the choice stays.
      onChange={(_event, value: 'all' | 'review' | null) => {
        if (value) changeFilter(value === 'review');
      }}
      sx={{ bgcolor: 'background.paper', flexShrink: 0 }}
    >
      <ToggleButton value="all">All orders</ToggleButton>
      <ToggleButton value="review">{OrderMessages.needsReview}</ToggleButton>
    </ToggleButtonGroup>
  );
}
