import { ADMIN_ORDER_SEARCH_MAX } from '@bindery/shared';
import SearchIcon from '@mui/icons-material/Search';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';

/** Typing settles this long before the list is asked again: one request per pause, not per key. */
const SEARCH_PAUSE_MS = 300;

/** The search kept in the address (`?q=`), trimmed; "" when there is none. */
export function useOrderSearchText(): string {
  const [searchParams] = useSearchParams();
  return searchParams.get('q')?.trim() ?? '';
}

/**
 * Search by buyer email, product title or order number. What is typed goes to the address after
 * a short pause (replacing the entry, so Back does not step through every letter); a new search
 * starts from the first page, the sort and page size stay.
 */
export function OrderSearch({ current }: { current: string }) {
  const [, setSearchParams] = useSearchParams();
  const [text, setText] = useState(current);

  // Back and Forward change the address: the box follows it.
  useEffect(() => setText(current), [current]);

  useEffect(() => {
    const wanted = text.trim();
    if (wanted === current) return;
    const timer = setTimeout(() => {
      setSearchParams(
        (params) => {
          const next = new URLSearchParams(params);
          next.delete('page');
          if (wanted) next.set('q', wanted);
          else next.delete('q');
          return next;
        },
        { replace: true },
      );
    }, SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [text, current, setSearchParams]);

  return (
    <TextField
      type="search"
      size="small"
      label="Search orders"
      placeholder="Email, product or #number"
      value={text}
      onChange={(event) => setText(event.target.value)}
      slotProps={{
        htmlInput: { maxLength: ADMIN_ORDER_SEARCH_MAX },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon fontSize="small" />
            </InputAdornment>
          ),
        },
      }}
      sx={{ minWidth: { sm: 300 }, flex: { xs: 1, sm: 'none' }, bgcolor: 'background.paper' }}
    />
  );
}
