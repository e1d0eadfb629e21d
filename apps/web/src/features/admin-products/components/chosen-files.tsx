import CloseIcon from '@mui/icons-material/Close';
import InsertDriveFileOutlinedIcon from '@mui/icons-material/InsertDriveFileOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import { describeFile } from './product-form-schema';
import { useObjectUrls } from './use-object-urls';

const NO_FILES: readonly File[] = [];

/** The files chosen so far, by name and size (images as thumbnails), each with a Remove button. */
export function ChosenFiles({
  heading,
  files,
  showPreviews,
  disabled,
  onChange,
}: {
  heading: string;
  files: readonly File[];
  showPreviews: boolean;
  disabled: boolean;
  onChange: (files: File[]) => void;
}) {
  const previews = useObjectUrls(showPreviews ? files : NO_FILES);
  if (files.length === 0) return null;
  return (
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
  );
}
