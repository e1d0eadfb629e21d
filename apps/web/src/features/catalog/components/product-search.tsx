import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import InputAdornment from '@mui/material/InputAdornment';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import { useState } from 'react';

const INPUT_ID = 'product-search';
const LABEL = 'Search products';

export interface ProductSearchProps {
  /** The search in the URL; the box follows it when it changes (back, forward, a shared link). */
  value: string;
  onSearch: (text: string) => void;
}

/** The search box and its button; Enter searches too (it submits the form). */
export function ProductSearch({ value, onSearch }: ProductSearchProps) {
  const [text, setText] = useState(value);
  const [shownValue, setShownValue] = useState(value);
  if (value !== shownValue) {
    setShownValue(value);
    setText(value);
  }

  return (
    <Box
      component="form"
      role="search"
      aria-label="Product search"
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(text.trim());
      }}
      sx={{ display: 'flex', gap: 1, width: '100%', maxWidth: { md: 460 } }}
    >
      {/* TextField's parts, put together here: TextField itself always brings Select (and with it
          Menu, Popover and Modal), which the catalogue's first view does not need. */}
      <FormControl size="small" fullWidth>
        <InputLabel htmlFor={INPUT_ID}>{LABEL}</InputLabel>
        <OutlinedInput
          id={INPUT_ID}
          label={LABEL}
          type="search"
          value={text}
          onChange={(event) => setText(event.target.value)}
          startAdornment={
            <InputAdornment position="start">
              <SearchIcon fontSize="small" aria-hidden />
            </InputAdornment>
          }
          inputProps={{ enterKeyHint: 'search', autoComplete: 'off' }}
        />
      </FormControl>
      <Button type="submit" variant="contained" sx={{ height: 40, px: 2.5, flexShrink: 0 }}>
        Search
      </Button>
    </Box>
  );
}
