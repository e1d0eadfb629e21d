import CloseIcon from '@mui/icons-material/Close';
import InsertDriveFileOutlinedIcon from '@mui/icons-material/InsertDriveFileOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useState, type ReactNode, type Ref } from 'react';
import { describeFile } from './product-form-schema';

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
  files: readonly File[];
  onChange: (files: File[]) => void;
  onBlur?: () => void;
  inputRef?: Ref<HTMLInputElement>;
  helperText: ReactNode;
  error?: string | undefined;
  disabled?: boolean;
  /** Shown above the chosen files, e.g. the current images when editing. */
  children?: ReactNode;
}

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
  files,
  onChange,
  onBlur,
  inputRef,
  helperText,
  error,
  disabled = false,
  children,
}: FilePickerProps) {
  const headingId = useId();
  const helperId = useId();
  const previews = useObjectUrls(showPreviews ? files : NO_FILES);

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
        sx={{
          // The hidden input holds the focus; show it on the button.
          '&:has(input:focus-visible)': {
            outline: '2px solid',
            outlineColor: 'primary.main',
            outlineOffset: 2,
          },
        }}
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
          sx={{
            position: 'absolute',
            width: 1,
            height: 1,
            p: 0,
            m: '-1px',
            overflow: 'hidden',
            clip: 'rect(0 0 0 0)',
            whiteSpace: 'nowrap',
            border: 0,
          }}
        />
      </Button>
      <FormHelperText id={helperId} error={Boolean(error)} sx={{ mx: 0 }}>
        {error ?? helperText}
      </FormHelperText>
      {files.length > 0 && (
        <List dense disablePadding aria-label={`Chosen ${heading.toLowerCase()}`} sx={{ mt: 1 }}>
          {files.map((file, index) => (
            <ListItem
              key={`${file.name}-${file.size}-${file.lastModified}-${index}`}
              disableGutters
              secondaryAction={
                <IconButton
                  edge="end"
                  size="small"
                  aria-label={`Remove ${file.name}`}
                  disabled={disabled}
                  onClick={() => onChange(files.filter((_, position) => position !== index))}
                >
                  <CloseIcon fontSize="small" />
                </IconButton>
              }
            >
              {previews.get(file) ? (
                <Box
                  component="img"
                  src={previews.get(file)}
                  alt={`Preview of ${file.name}`}
                  width={56}
                  height={56}
                  sx={{
                    width: 56,
                    height: 56,
                    flexShrink: 0,
                    objectFit: 'cover',
                    borderRadius: 1,
                    border: 1,
                    borderColor: 'divider',
                    bgcolor: 'action.hover',
                    mr: 1.5,
                  }}
                />
              ) : (
                <ListItemIcon sx={{ minWidth: 32 }}>
                  <InsertDriveFileOutlinedIcon fontSize="small" />
                </ListItemIcon>
              )}
              <ListItemText
                primary={describeFile(file)}
                slotProps={{ primary: { sx: { wordBreak: 'break-all' } } }}
              />
            </ListItem>
          ))}
        </List>
      )}
    </Box>
  );
}

const NO_FILES: readonly File[] = [];

/**
 * An object URL per file, for previews: made when a file is chosen and revoked when it is removed
 * or the picker goes away, so the browser lets go of the file's bytes.
 */
function useObjectUrls(files: readonly File[]): Map<File, string> {
  const [urls, setUrls] = useState(() => new Map<File, string>());
  useEffect(() => {
    if (files.length === 0 || typeof URL.createObjectURL !== 'function') {
      setUrls((current) => (current.size === 0 ? current : new Map()));
      return;
    }
    const made = new Map(files.map((file) => [file, URL.createObjectURL(file)]));
    setUrls(made);
    return () => {
      for (const url of made.values()) URL.revokeObjectURL(url);
    };
  }, [files]);
  return urls;
}
