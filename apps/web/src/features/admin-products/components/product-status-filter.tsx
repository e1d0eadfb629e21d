import type { ProductListStatus } from '@bindery/shared';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useSearchParams } from 'react-router';
import { readProductListStatus } from '../api/list-products';

/** Which products the address asks for: `?status=archived`, or those on sale. */
export function useProductListStatus(): ProductListStatus {
  const [searchParams] = useSearchParams();
  return readProductListStatus(searchParams);
}

/** Products on sale, or archived ones (deleted while they had sales); the choice lives in the address. */
export function ProductStatusFilter({ status }: { status: ProductListStatus }) {
  const [, setSearchParams] = useSearchParams();

  // Another list starts from its first page; the size and the sort stay.
  const changeStatus = (next: ProductListStatus) => {
    setSearchParams((current) => {
      const params = new URLSearchParams(current);
      params.delete('page');
      if (next === 'archived') params.set('status', 'archived');
      else params.delete('status');
      return params;
    });
  };

  return (
    <ToggleButtonGroup
      exclusive
      size="small"
      color="primary"
      aria-label="Which products to show"
      value={status}
      // Clicking the chosen button again answers null: the choice stays.
      onChange={(_event, value: ProductListStatus | null) => {
        if (value) changeStatus(value);
      }}
      sx={{ mb: 2, bgcolor: 'background.paper' }}
    >
      <ToggleButton value="active">Active</ToggleButton>
      <ToggleButton value="archived">Archived</ToggleButton>
    </ToggleButtonGroup>
  );
}
