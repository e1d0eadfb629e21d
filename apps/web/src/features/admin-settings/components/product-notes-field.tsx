import { DEFAULT_PRODUCT_NOTES, MAX_PRODUCT_NOTES } from '@bindery/shared';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useFieldArray, type UseFormReturn } from 'react-hook-form';
import type { SettingsFormValues } from './settings-form-schema';

/** The notes on every product page as an editable list: edit, remove, add, or go back to the four. */
export function ProductNotesField({ form }: { form: UseFormReturn<SettingsFormValues> }) {
  const { fields, append, remove, replace } = useFieldArray({
    control: form.control,
    name: 'productNotes',
  });
  const errors = form.formState.errors.productNotes;
  const listError = errors?.message ?? errors?.root?.message;
  return (
    <Stack spacing={2}>
      <Typography variant="body2" color="textSecondary">
        Shown under Buy Now on every product page. Text before a colon is the note’s heading. Remove
        every note to show none.
      </Typography>
      {fields.length === 0 && <Typography>No notes: product pages show none.</Typography>}
      {fields.map((field, index) => {
        const { ref, ...input } = form.register(`productNotes.${index}.text`);
        const error = errors?.[index]?.text?.message;
        return (
          <Stack key={field.id} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
            <TextField
              {...input}
              inputRef={ref}
              id={`settings-note-${index}`}
              label={`Note ${index + 1}`}
              error={Boolean(error)}
              helperText={error}
              fullWidth
            />
            <Tooltip title="Remove note">
              <IconButton
                aria-label={`Remove note ${index + 1}`}
                onClick={() => remove(index)}
                sx={{ mt: 1 }}
              >
                <DeleteOutlinedIcon />
              </IconButton>
            </Tooltip>
          </Stack>
        );
      })}
      {listError && <FormHelperText error>{listError}</FormHelperText>}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        <Button
          variant="outlined"
          startIcon={<AddIcon />}
          onClick={() => append({ text: '' }, { shouldFocus: true })}
          disabled={fields.length >= MAX_PRODUCT_NOTES}
        >
          Add note
        </Button>
        <Button onClick={() => replace(DEFAULT_PRODUCT_NOTES.map((text) => ({ text })))}>
          Use the default notes
        </Button>
      </Box>
    </Stack>
  );
}
