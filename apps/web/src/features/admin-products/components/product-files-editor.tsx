import { DIGITAL_FILE_EXTENSIONS, PRODUCT_FILE_LIMITS } from '@bindery/shared';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import CloseIcon from '@mui/icons-material/Close';
import NoteAddOutlinedIcon from '@mui/icons-material/NoteAddOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useLayoutEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { visuallyHiddenSx } from '../../../components/visually-hidden';
import { FilePicker } from './file-picker';
import { describeFile } from './product-form-schema';
import type { FileListEntry, ProductFileList } from './use-product-file-list';

const ACCEPT = DIGITAL_FILE_EXTENSIONS.join(',');
type Control = 'up' | 'down' | 'remove';

/** "PDF · 120.0 KB" for a kept file, "New: workbook.pdf (120.0 KB)" for one chosen now. */
const detailsOf = (entry: FileListEntry) =>
  entry.kind === 'current'
    ? `${entry.format.toUpperCase()} · ${(entry.size / 1024).toFixed(1)} KB`
    : `New: ${describeFile(entry.file)}`;

/** What screen readers hear of a row: its name, or its place while it has none. */
const labelOf = (entry: FileListEntry, index: number) => entry.name.trim() || `file ${index + 1}`;

/** A moved row's arrow keeps the focus (or its other arrow, at either end of the list). */
function useFocusAfterMove(listRef: RefObject<HTMLOListElement | null>, entries: unknown) {
  const focusAfter = useRef<{ key: string; control: 'up' | 'down' } | null>(null);
  useLayoutEffect(() => {
    const target = focusAfter.current;
    focusAfter.current = null;
    if (!target || !listRef.current) return;
    const row = listRef.current.querySelector(`[data-file-key="${CSS.escape(target.key)}"]`);
    const button = (control: string) =>
      row?.querySelector<HTMLButtonElement>(`[data-control="${control}"]`);
    const wanted = button(target.control);
    (wanted && !wanted.disabled
      ? wanted
      : button(target.control === 'up' ? 'down' : 'up')
    )?.focus();
  }, [listRef, entries]);
  return focusAfter;
}

function FileRow({
  entry,
  index,
  count,
  list,
  disabled,
  onControl,
}: {
  entry: FileListEntry;
  index: number;
  count: number;
  list: ProductFileList;
  disabled: boolean;
  onControl: (index: number, control: Control) => void;
}) {
  const label = labelOf(entry, index);
  const button = (control: Control, text: string, off: boolean, icon: ReactNode) => (
    <IconButton
      data-control={control}
      aria-label={`${text} ${label}${control === 'remove' ? '' : ` ${control}`}`}
      disabled={disabled || off}
      onClick={() => onControl(index, control)}
      size="small"
      sx={{ mt: 0.375 }}
    >
      {icon}
    </IconButton>
  );
  return (
    <Box
      component="li"
      data-file-key={entry.key}
      sx={{ display: 'flex', alignItems: 'flex-start', gap: 0.5 }}
    >
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <TextField
          label={`File ${index + 1} name`}
          value={entry.name}
          size="small"
          fullWidth
          disabled={disabled}
          onChange={(event) => list.rename(entry.key, event.target.value)}
          slotProps={{ htmlInput: { maxLength: PRODUCT_FILE_LIMITS.nameMax } }}
        />
        <Typography
          variant="caption"
          color="textSecondary"
          sx={{ display: 'block', mt: 0.25, overflowWrap: 'anywhere' }}
        >
          {detailsOf(entry)}
        </Typography>
      </Box>
      {button('up', 'Move', index === 0, <ArrowUpwardIcon fontSize="small" />)}
      {button('down', 'Move', index === count - 1, <ArrowDownwardIcon fontSize="small" />)}
      {/* Editing, the product keeps at least one file. */}
      {button('remove', 'Remove', list.isEdit && count === 1, <CloseIcon fontSize="small" />)}
    </Box>
  );
}

/**
 * The files buyers get, in order: each renamed in place, moved with its arrow buttons (the
 * focus stays on the moved row and the move is announced) or removed; chosen files are added at
 * the end. Editing, the first row is the file the digital file above replaces.
 */
export function ProductFilesEditor({
  list,
  disabled,
}: {
  list: ProductFileList;
  disabled: boolean;
}) {
  const [announcement, setAnnouncement] = useState('');
  const listRef = useRef<HTMLOListElement>(null);
  const focusAfter = useFocusAfterMove(listRef, list.entries);
  if (!list.isKnown) return null;
  const { entries, isEdit } = list;
  const onControl = (index: number, control: Control) => {
    const entry = entries[index]!;
    if (control === 'remove') {
      list.remove(entry.key);
      return setAnnouncement(`${labelOf(entry, index)} removed.`);
    }
    const to = control === 'up' ? index - 1 : index + 1;
    focusAfter.current = { key: entry.key, control };
    list.move(index, to);
    setAnnouncement(`${labelOf(entry, index)} moved to position ${to + 1} of ${entries.length}.`);
  };
  const { filesMax } = PRODUCT_FILE_LIMITS;
  return (
    <FilePicker
      heading={isEdit ? 'Files' : 'More files'}
      buttonLabel="Add files"
      icon={<NoteAddOutlinedIcon />}
      accept={ACCEPT}
      multiple
      onChange={(files) => list.add(files)}
      error={list.error ?? undefined}
      disabled={disabled}
      helperText={
        isEdit
          ? `Buyers get every file, in this order, and see each name, format and size. Up to ${filesMax} files.`
          : `More files buyers get after the digital file above (a PDF's EPUB, a ZIP of extras). Up to ${filesMax} files in all.`
      }
      list={
        <>
          <Box
            component="ol"
            ref={listRef}
            aria-label="Files buyers get"
            sx={{ listStyle: 'none', p: 0, m: 0, mt: 1.5, display: 'grid', gap: 1.5 }}
          >
            {entries.map((entry, index) => (
              <FileRow
                key={entry.key}
                {...{ entry, index, list, disabled, onControl }}
                count={entries.length}
              />
            ))}
          </Box>
          <Box aria-live="polite" sx={visuallyHiddenSx}>
            {announcement}
          </Box>
        </>
      }
    />
  );
}
