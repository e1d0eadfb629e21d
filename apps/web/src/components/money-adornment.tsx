import InputAdornment from '@mui/material/InputAdornment';
import { currencySign } from '../lib/money';

/**
 * The store's currency sign inside a money field (a MUI input's slot props), on the side its
 * locale writes it: "$ 12.50", "12,50 €".
 */
export function moneyAdornment() {
  const { sign, isBefore } = currencySign();
  return isBefore
    ? { startAdornment: <InputAdornment position="start">{sign}</InputAdornment> }
    : { endAdornment: <InputAdornment position="end">{sign}</InputAdornment> };
}
