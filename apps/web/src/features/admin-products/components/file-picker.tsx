import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode, type Ref } from 'react';
import { ChosenFiles } from './chosen-files';

export interface FilePickerProps {
  /** The group's heading, e.g. "Images". */
  heading: string;
  /** The visible button's text, which is also the file input's label. */
  buttonLabel: string;
  icon: ReactNode;
  accept: string;
  multiple?: boolean;
  /** Show each chosen file as a thumbnail (images), instead of a file icon. */
  showPreviews?: boolean;
  /** The chosen files, listed by name and size under the button (unless `list` is given). */
  files?: readonly File[];
  /** Called with the files just chosen. */
  onChange: (files: File[]) => void;
  /** Shown instead of the chosen files' list, e.g. the ordered images. */
  list?: ReactNode;
  onBlur?: () => void;
  inputRef?: Ref<HTMLInputElement>;
  helperText: ReactNode;
  error?: string | undefined;
  disabled?: boolean;
  /** Shown above the chosen files, e.g. the current images when editing. */
  children?: ReactNode;
}

/** Out of sight but still in the page, so it keeps its focus and its label. */
const VISUALLY_HIDDEN = {
  position: 'absolute',
  width: 1,
  height: 1,
  p: 0,
  m: '-1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;

/** The hidden input holds the focus; show it on the button. */
const FOCUS_ON_BUTTON = {
  '&:has(input:focus-visible)': {
    outline: '2px solid',
    outlineColor: 'primary.main',
    outlineOffset: 2,
  },
} as const;

/**
 * A file input behind a visible button: the native input stays in the page (focusable, labelled
 * by the button text) but is visually hidden. Chosen files are listed by name and size in KB.
 */
export function FilePicker({
  heading,
  buttonLabel,
  icon,
  accept,
  multiple = false,
  showPreviews = false,
  files = [],
  onChange,
  list,
  onBlur,
  inputRef,
  helperText,
  error,
  disabled = false,
  children,
}: FilePickerProps) {
  const headingId = useId();
  const helperId = useId();

  return (
    <Box role="group" aria-labelledby={headingId}>
      <Typography id={headingId} variant="subtitle2" component="h3" sx={{ mb: 1 }}>
        {heading}
      </Typography>
      {children}
      {/* A plain label styled as a button: the input inside is the one control and tab stop. */}
      <Button
        component="label"
        role={undefined}
        tabIndex={-1}
        variant="outlined"
        color={error ? 'error' : 'primary'}
        startIcon={icon}
        disabled={disabled}
        sx={FOCUS_ON_BUTTON}
      >
        {buttonLabel}
        <Box
          component="input"
          ref={inputRef}
          type="file"
          accept={accept}
          multiple={multiple}
          disabled={disabled}
          aria-describedby={helperId}
          aria-invalid={error ? true : undefined}
          onBlur={onBlur}
          onChange={(event) => {
            const chosen = Array.from(event.currentTarget.files ?? []);
            // Cleared so that choosing the same file again still counts as a change.
            event.currentTarget.value = '';
            if (chosen.length > 0) onChange(chosen);
          }}
          sx={VISUALLY_HIDDEN}
        />
      </Button>
      <FormHelperText id={helperId} error={Boolean(error)} sx={{ mx: 0 }}>
        {error ?? helperText}
      </FormHelperText>
      {list ?? (
        <ChosenFiles
          heading={heading}
          files={files}
          showPreviews={showPreviews}
          disabled={disabled}
          onChange={onChange}
        />
      )}
    </Box>
  );
}
