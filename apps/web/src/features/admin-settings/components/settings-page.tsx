import { SettingsMessages, type StoreSettings } from '@bindery/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useForm, type FieldPath } from 'react-hook-form';
import { RetryAlert } from '../../../components/retry-alert';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useSaveStoreSettings, useStoreSettings } from '../api/store-settings';
import { InvoiceFields } from './invoice-fields';
import { ProductNotesField } from './product-notes-field';
import {
  SettingsFormSchema,
  formFieldOf,
  toFormValues,
  toSettings,
  type SettingsFormValues,
} from './settings-form-schema';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" aria-labelledby={id} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id={id} component="h2" variant="h6" sx={{ fontWeight: 600, mb: 2 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/** The owner's settings: the store's name, its support email, the notes on product pages. */
export function SettingsPage() {
  const settings = useStoreSettings();
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 3, sm: 5 } }}>
      <Box sx={{ mb: 3 }}>
        <Typography component="h1" variant="h4" sx={{ fontWeight: 700 }}>
          {SettingsMessages.title}
        </Typography>
        <Typography color="textSecondary">
          What buyers see of your store: its name, where to write, the notes on product pages and
          who issues their invoices.
        </Typography>
      </Box>
      {settings.isError && (
        <RetryAlert onRetry={() => void settings.refetch()}>
          <AlertTitle>{SettingsMessages.loadFailed}</AlertTitle>
          {settings.error instanceof ApiError && settings.error.serverMessage}
        </RetryAlert>
      )}
      {settings.isPending ? (
        <Stack role="status" spacing={2} sx={{ alignItems: 'center', py: 10 }}>
          <CircularProgress aria-hidden />
          <Typography color="textSecondary">Loading settings...</Typography>
        </Stack>
      ) : settings.data ? (
        <SettingsForm settings={settings.data} />
      ) : null}
    </Container>
  );
}

/** The settings typed into a plain text field. */
type TextFieldName = Exclude<keyof SettingsFormValues, 'productNotes'>;

function SettingsForm({ settings }: { settings: StoreSettings }) {
  const save = useSaveStoreSettings();
  const form = useForm<SettingsFormValues>({
    defaultValues: toFormValues(settings),
    resolver: zodResolver(SettingsFormSchema),
  });
  const { errors } = form.formState;
  const field = (name: TextFieldName) => {
    const { ref, ...rest } = form.register(name);
    return {
      ...rest,
      inputRef: ref,
      id: `settings-${name}`,
      error: Boolean(errors[name]),
      fullWidth: true,
    };
  };
  const onSubmit = form.handleSubmit((values) =>
    save.mutate(toSettings(SettingsFormSchema.parse(values)), {
      onSuccess: (saved) => {
        form.reset(toFormValues(saved));
        toast.success(SettingsMessages.saved);
      },
      onError: (error) => {
        const fields = error instanceof ApiError ? Object.entries(error.fieldErrors) : [];
        for (const [name, messages] of fields) {
          form.setError(formFieldOf(name) as FieldPath<SettingsFormValues>, {
            message: messages[0],
          });
        }
        if (fields.length === 0) {
          toast.error(SettingsMessages.saveFailed(errorMessage(error, 'please try again')));
        }
      },
    }),
  );
  return (
    <Box
      component="form"
      noValidate
      aria-label="Settings"
      onSubmit={(event) => void onSubmit(event)}
    >
      <Stack spacing={3}>
        <Section id="settings-store" title="Store">
          <Stack spacing={2}>
            <TextField
              {...field('storeName')}
              label="Store name"
              helperText={errors.storeName?.message ?? 'In the top bar, page titles and email.'}
            />
            <TextField
              {...field('supportEmail')}
              type="email"
              label="Support email"
              autoComplete="email"
              helperText={
                errors.supportEmail?.message ??
                'Named in receipts for questions. Leave empty for none.'
              }
            />
          </Stack>
        </Section>
        <Section id="settings-notes" title="Product page notes">
          <ProductNotesField form={form} />
        </Section>
        <Section id="settings-invoices" title="Invoices">
          <InvoiceFields field={field} errors={errors} />
        </Section>
        <Box>
          <Button type="submit" variant="contained" loading={save.isPending}>
            Save settings
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
