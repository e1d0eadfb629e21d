import Autocomplete from '@mui/material/Autocomplete';
import InputAdornment from '@mui/material/InputAdornment';
import { moneyAdornment } from '../../../components/money-adornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import { useProductChoices, type ProductChoice } from '../api/product-choices';
import type { DiscountFormOutput, DiscountFormValues } from './discount-form-schema';

type DiscountForm = UseFormReturn<DiscountFormValues, unknown, DiscountFormOutput>;
type TextName = 'code' | 'percentOff' | 'amountOff' | 'startsAt' | 'endsAt' | 'maxRedemptions';

/** The discount's fields: code, how much off, which products, when, how many times. */
export function DiscountFormFields({ form }: { form: DiscountForm }) {
  const { errors } = form.formState;
  const field = (name: TextName, help: string) => {
    const { ref, ...rest } = form.register(name);
    return {
      ...rest,
      inputRef: ref,
      id: `discount-${name}`,
      error: Boolean(errors[name]),
      helperText: errors[name]?.message ?? help,
      fullWidth: true,
    };
  };
  return (
    <Stack spacing={2.5} sx={{ pt: 1 }}>
      <TextField
        {...field('code', 'Letters, digits, - and _. Buyers may type it in any case.')}
        label="Code"
        autoComplete="off"
        slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'characters' } }}
      />
      <AmountFields form={form} field={field} />
      <ProductPicker form={form} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          {...field('startsAt', 'Empty: from now.')}
          type="date"
          label="Starts"
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          {...field('endsAt', 'Last day it works. Empty: no end.')}
          type="date"
          label="Ends"
          slotProps={{ inputLabel: { shrink: true } }}
        />
      </Stack>
      <TextField
        {...field('maxRedemptions', 'Paid orders that may use it. Empty: no limit.')}
        label="Max redemptions"
        inputMode="numeric"
      />
    </Stack>
  );
}

type FieldProps = (name: TextName, help: string) => object;

/** How much off: the kind (percent or an amount of the store's currency) and its number. */
function AmountFields({ form, field }: { form: DiscountForm; field: FieldProps }) {
  const kind = useWatch({ control: form.control, name: 'kind' });
  return (
    <>
      <Controller
        control={form.control}
        name="kind"
        render={({ field: kindField }) => (
          <ToggleButtonGroup
            exclusive
            size="small"
            color="primary"
            aria-label="Kind of discount"
            value={kindField.value}
            onChange={(_event, value: DiscountFormValues['kind'] | null) => {
              if (value) kindField.onChange(value);
            }}
          >
            <ToggleButton value="percent">Percent off</ToggleButton>
            <ToggleButton value="amount">Amount off</ToggleButton>
          </ToggleButtonGroup>
        )}
      />
      {kind === 'percent' ? (
        <TextField
          {...field('percentOff', 'A whole number from 1 to 100.')}
          key="percentOff"
          label="Percent off"
          inputMode="numeric"
          slotProps={{
            input: { endAdornment: <InputAdornment position="end">%</InputAdornment> },
          }}
        />
      ) : (
        <TextField
          {...field('amountOff', 'Taken off the price; never below zero.')}
          key="amountOff"
          label="Amount off"
          inputMode="decimal"
          slotProps={{ input: moneyAdornment() }}
        />
      )}
    </>
  );
}

/** Which products the code is for: picked from the store's list; none picked means all. */
function ProductPicker({ form }: { form: DiscountForm }) {
  const choices = useProductChoices();
  const options = choices.data ?? [];
  const error = form.formState.errors.productIds;
  return (
    <Controller
      control={form.control}
      name="productIds"
      render={({ field: idsField }) => {
        const byId = new Map(options.map((option) => [option._id, option]));
        const value = idsField.value.map(
          (id): ProductChoice =>
            byId.get(id) ?? { _id: id, title: `Product ${id}`, isArchived: false },
        );
        return (
          <Autocomplete
            multiple
            id="discount-productIds"
            options={options}
            value={value}
            loading={choices.isPending}
            filterSelectedOptions
            getOptionLabel={(option) =>
              option.isArchived ? `${option.title} (archived)` : option.title
            }
            isOptionEqualToValue={(option, chosen) => option._id === chosen._id}
            onChange={(_event, chosen) => idsField.onChange(chosen.map((option) => option._id))}
            onBlur={idsField.onBlur}
            renderInput={(params) => (
              <TextField
                {...params}
                label="Products"
                placeholder={value.length === 0 ? 'All products' : undefined}
                error={Boolean(error)}
                helperText={
                  error?.message ??
                  (choices.isError
                    ? 'The product list did not load; the code is kept for the products it names.'
                    : 'Leave empty for every product.')
                }
              />
            )}
          />
        );
      }}
    />
  );
}
