import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import { Controller, type Control, type FieldPathByValue } from 'react-hook-form';
import type { ProductFormInput, ProductFormValues } from './product-form-schema';

export interface FormCheckFieldProps {
  control: Control<ProductFormInput, unknown, ProductFormValues>;
  /** A yes/no field of the product form (one not yet known reads as no). */
  name: FieldPathByValue<ProductFormInput, boolean | undefined>;
  label: string;
  isSubmitting: boolean;
  /** The input's id, for labels and error focus elsewhere; and the id of text describing it. */
  inputId?: string;
  describedBy?: string;
  /** A switch turns a feature on; a box (the default) answers a question. */
  variant?: 'checkbox' | 'switch';
}

/** A labelled checkbox or switch of the product form, bound to one of its yes/no fields. */
export function FormCheckField({
  control,
  name,
  label,
  isSubmitting,
  inputId,
  describedBy,
  variant = 'checkbox',
}: FormCheckFieldProps) {
  const Control = variant === 'switch' ? Switch : Checkbox;
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <FormControlLabel
          label={label}
          control={
            <Control
              checked={Boolean(field.value)}
              onChange={(event) => field.onChange(event.target.checked)}
              onBlur={field.onBlur}
              disabled={isSubmitting}
              slotProps={{
                input: {
                  ...(inputId ? { id: inputId } : {}),
                  ...(describedBy ? { 'aria-describedby': describedBy } : {}),
                  ref: field.ref,
                },
              }}
            />
          }
        />
      )}
    />
  );
}
