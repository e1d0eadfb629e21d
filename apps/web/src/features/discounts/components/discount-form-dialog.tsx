import type { Discount } from '@bindery/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useId } from 'react';
import { useForm, type FieldPath, type Resolver } from 'react-hook-form';
import { ApiError, errorMessage, GENERIC_ERROR_MESSAGE } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useSaveDiscount } from '../api/discounts';
import { DiscountFormFields } from './discount-form-fields';
import {
  DiscountFormSchema,
  emptyDiscountForm,
  toDiscountBody,
  toFormValues,
  type DiscountFormOutput,
  type DiscountFormValues,
} from './discount-form-schema';

export interface DiscountFormDialogProps {
  /** The discount to edit; none for a new one. */
  discount?: Discount | undefined;
  onClose: () => void;
}

const FORM_FIELDS = new Set<string>(Object.keys(emptyDiscountForm));

/** Creates or edits a discount; the server's refusals show at the fields they are about. */
export function DiscountFormDialog({ discount, onClose }: DiscountFormDialogProps) {
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  const save = useSaveDiscount();
  const form = useForm<DiscountFormValues, unknown, DiscountFormOutput>({
    defaultValues: discount ? toFormValues(discount) : emptyDiscountForm,
    // The schema reads the inputs' text (its input type is unknown), so the resolver is named.
    resolver: zodResolver(DiscountFormSchema) as Resolver<
      DiscountFormValues,
      unknown,
      DiscountFormOutput
    >,
  });

  const onSubmit = form.handleSubmit((values) =>
    save.mutate(
      { id: discount?._id, body: toDiscountBody(values, discount) },
      {
        onSuccess: (saved) => {
          toast.success(
            discount ? `Discount ${saved.code} saved.` : `Discount ${saved.code} created.`,
          );
          onClose();
        },
        onError: (error) => {
          const fields = error instanceof ApiError ? Object.entries(error.fieldErrors) : [];
          let isShown = false;
          for (const [name, messages] of fields) {
            if (!FORM_FIELDS.has(name)) continue;
            form.setError(name as FieldPath<DiscountFormValues>, { message: messages[0] });
            isShown = true;
          }
          if (!isShown) toast.error(errorMessage(error, GENERIC_ERROR_MESSAGE));
        },
      },
    ),
  );

  return (
    <Dialog
      open
      onClose={() => {
        if (!save.isPending) onClose();
      }}
      aria-labelledby={titleId}
      fullScreen={isPhone}
      fullWidth
      maxWidth="sm"
    >
      <form noValidate aria-labelledby={titleId} onSubmit={(event) => void onSubmit(event)}>
        <DialogTitle id={titleId} sx={{ fontWeight: 600 }}>
          {discount ? `Edit ${discount.code}` : 'New discount'}
        </DialogTitle>
        <DialogContent>
          <DiscountFormFields form={form} />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={save.isPending} color="inherit">
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={save.isPending}>
            {discount ? 'Save' : 'Create'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
