import { useState } from 'react';
import { Button } from '../../../ui/button';
import { Icon } from '../../../ui/icon';

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
    <form
      role="search"
      aria-label="Product search"
      className="product-search"
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(text.trim());
      }}
    >
      {/* An outlined field as MUI draws one, its label resting in a gap of the outline. */}
      <div className="text-field">
        <label htmlFor={INPUT_ID} className="text-field__label">
          {LABEL}
        </label>
        <div className="text-field__box">
          <Icon name="search" size="small" className="text-field__adornment" />
          <input
            id={INPUT_ID}
            type="search"
            className="text-field__input"
            value={text}
            onChange={(event) => setText(event.target.value)}
            enterKeyHint="search"
            autoComplete="off"
          />
          <fieldset aria-hidden className="text-field__outline">
            <legend>
              <span>{LABEL}</span>
            </legend>
          </fieldset>
        </div>
      </div>
      <Button type="submit" variant="contained" className="product-search__button">
        Search
      </Button>
    </form>
  );
}
