import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useState } from 'react';

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
      <TextField
        id="product-search"
        label="Search products"
        type="search"
        size="small"
        fullWidth
        value={text}
        onChange={(event) => setText(event.target.value)}
        slotProps={{
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon fontSize="small" aria-hidden />
              </InputAdornment>
            ),
          },
          htmlInput: { enterKeyHint: 'search', autoComplete: 'off' },
        }}
      />
      <Button type="submit" variant="contained" sx={{ height: 40, px: 2.5, flexShrink: 0 }}>
        Search
      </Button>
    </Box>
  );
}
