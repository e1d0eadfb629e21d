import { imageVariantUrl } from '@bindery/shared';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import CloseIcon from '@mui/icons-material/Close';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import type { PointerEvent } from 'react';
import { imageEntryName, type ImageEntry } from './image-entries';
import { describeFile } from './product-form-schema';

export type ImageControl = 'up' | 'down' | 'remove';

export interface ImageListItemProps {
  entry: ImageEntry;
  index: number;
  count: number;
  /** The chosen file's object URL, for its thumbnail. */
  preview: string | undefined;
  disabled: boolean;
  isDragged: boolean;
  onGrab: (event: PointerEvent<HTMLElement>) => void;
  onControl: (control: ImageControl) => void;
}

const THUMB = {
  display: 'block',
  width: { xs: 48, sm: 56 },
  height: { xs: 48, sm: 56 },
  flexShrink: 0,
  objectFit: 'cover',
  borderRadius: 1,
  border: 1,
  borderColor: 'divider',
  bgcolor: 'action.hover',
} as const;

/** One image of the list: a drag handle, its thumbnail, its name, "Cover" on the first, and its buttons. */
export function ImageListItem(props: ImageListItemProps) {
  const { entry, index, count, preview, disabled, isDragged, onGrab, onControl } = props;
  const name = imageEntryName(entry);
  const isCurrent = entry.kind === 'current';
  return (
    <Box
      component="li"
      data-key={entry.key}
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: { xs: 0.5, sm: 1 },
        py: 0.75,
        pr: 0.5,
        borderRadius: 1,
        bgcolor: isDragged ? 'action.selected' : 'transparent',
        boxShadow: isDragged ? 3 : 0,
      }}
    >
      <Box
        aria-hidden
        title="Drag to reorder"
        onPointerDown={disabled ? undefined : onGrab}
        sx={{
          display: 'flex',
          alignSelf: 'stretch',
          alignItems: 'center',
          px: 0.5,
          color: 'text.secondary',
          cursor: disabled ? 'default' : isDragged ? 'grabbing' : 'grab',
          touchAction: 'none',
          userSelect: 'none',
        }}
      >
        <DragIndicatorIcon />
      </Box>
      <Box
        component="img"
        src={isCurrent ? imageVariantUrl(entry.url, 'thumb') : preview}
        alt={isCurrent ? `Current image ${entry.position}` : `Preview of ${entry.file.name}`}
        width={56}
        height={56}
        draggable={false}
        sx={THUMB}
      />
      <Box sx={{ flex: '1 1 auto', minWidth: 0 }}>
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }} aria-hidden={isCurrent}>
          {isCurrent ? `Current image ${entry.position}` : describeFile(entry.file)}
        </Typography>
        {index === 0 && (
          <Chip label="Cover" size="small" color="primary" variant="outlined" sx={{ mt: 0.5 }} />
        )}
      </Box>
      <IconButton
        aria-label={`Move ${name} up`}
        data-control="up"
        disabled={disabled || index === 0}
        onClick={() => onControl('up')}
      >
        <ArrowUpwardIcon fontSize="small" />
      </IconButton>
      <IconButton
        aria-label={`Move ${name} down`}
        data-control="down"
        disabled={disabled || index === count - 1}
        onClick={() => onControl('down')}
      >
        <ArrowDownwardIcon fontSize="small" />
      </IconButton>
      <IconButton
        aria-label={`Remove ${name}`}
        data-control="remove"
        disabled={disabled}
        onClick={() => onControl('remove')}
      >
        <CloseIcon fontSize="small" />
      </IconButton>
    </Box>
  );
}
