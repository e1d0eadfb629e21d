import { DIGITAL_FILE_EXTENSIONS, PRODUCT_FILE_LIMITS } from '@bindery/shared';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import CloseIcon from '@mui/icons-material/Close';
import NoteAddOutlinedIcon from '@mui/icons-material/NoteAddOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useLayoutEffect, useRef, useState } from 'react';
import { FilePicker } from './file-picker';
import { describeFile } from './product-form-schema';
import type { FileListEntry, ProductFileList } from './use-product-file-list';

const ACCEPT = DIGITAL_FILE_EXTENSIONS.join(',');

/** "PDF · 120.0 KB" for a kept file, "workbook.pdf (120.0 KB)" for one chosen now. */
const detailsOf = (entry: FileListEntry) =>
  entry.kind === 'current'
    ? `${entry.format.toUpperCase()} · ${(entry.size / 1024).toFixed(1)} KB`
    : `New: ${describeFile(entry.file)}`;

/** What screen readers hear of a row: its name, or its place while it has none. */
const labelOf = (entry: FileListEntry, index: number) => entry.name.trim() || `file ${index + 1}`;

/**
 * The files buyers get, in order: each renamed in place, moved with its arrow buttons (the
 * focus stays on the button and the move is announced) or removed; chosen files are added at
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
  // A moved row's arrow keeps the focus (or its other arrow, at either end of the list).
  const focusAfter = useRef<{ key: string; control: 'up' | 'down' } | null>(null);
  useLayoutEffect(() => {
    const target = focusAfter.current;
    focusAfter.current = null;
    if (!target || !listRef.current) return;
    const row = listRef.current.querySelector(`[data-file-key="${CSS.escape(target.key)}"]`);
    const wanted = row?.querySelector<HTMLButtonElement>(`[data-control="${target.control}"]`);
    const other = row?.querySelector<HTMLButtonElement>(
      `[data-control="${target.control === 'up' ? 'down' : 'up'}"]`,
    );
    (wanted && !wanted.disabled ? wanted : other)?.focus();
  }, [list.entries]);
  if (!list.isKnown) return null;
  const { entries, isEdit } = list;
  const move = (index: number, to: number) => {
    const entry = entries[index];
    if (!entry || to < 0 || to >= entries.length) return;
    focusAfter.current = { key: entry.key, control: to < index ? 'up' : 'down' };
    list.move(index, to);
    setAnnouncement(`${labelOf(entry, index)} moved to position ${to + 1} of ${entries.length}.`);
  };
  const help = isEdit
    ? `Buyers get every file, in this order, and see each name, format and size. Up to ${PRODUCT_FILE_LIMITS.filesMax} files.`
    : `More files buyers get after the digital file above (a PDF's EPUB, a ZIP of extras). Up to ${PRODUCT_FILE_LIMITS.filesMax} files in all.`;
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
      helperText={help}
      list={
        <>
          <Box
            component="ol"
            ref={listRef}
            aria-label="Files buyers get"
            sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}
          >
            {entries.map((entry, index) => (
              <Box
                component="li"
                key={entry.key}
                data-file-key={entry.key}
                sx={{ display: 'flex', alignItems: 'center', gap: 0.5, flexWrap: 'wrap' }}
              >
                <TextField
                  label={`File ${index + 1} name`}
                  value={entry.name}
                  size="small"
                  disabled={disabled}
                  onChange={(event) => list.rename(entry.key, event.target.value)}
                  slotProps={{ htmlInput: { maxLength: PRODUCT_FILE_LIMITS.nameMax } }}
                  sx={{ flex: '1 1 12rem', minWidth: 0 }}
                />
                <Typography
                  variant="caption"
                  color="textSecondary"
                  sx={{ flex: '1 1 8rem', overflowWrap: 'anywhere' }}
                >
                  {detailsOf(entry)}
                </Typography>
                <IconButton
                  data-control="up"
                  aria-label={`Move ${labelOf(entry, index)} up`}
                  disabled={disabled || index === 0}
                  onClick={() => move(index, index - 1)}
                  size="small"
                >
                  <ArrowUpwardIcon fontSize="small" />
                </IconButton>
                <IconButton
                  data-control="down"
                  aria-label={`Move ${labelOf(entry, index)} down`}
                  disabled={disabled || index === entries.length - 1}
                  onClick={() => move(index, index + 1)}
                  size="small"
                >
                  <ArrowDownwardIcon fontSize="small" />
                </IconButton>
                <IconButton
                  aria-label={`Remove ${labelOf(entry, index)}`}
                  // Editing, the product keeps at least one file.
                  disabled={disabled || (isEdit && entries.length === 1)}
                  onClick={() => {
                    list.remove(entry.key);
                    setAnnouncement(`${labelOf(entry, index)} removed.`);
                  }}
                  size="small"
                >
                  <CloseIcon fontSize="small" />
                </IconButton>
              </Box>
            ))}
          </Box>
          <Box
            aria-live="polite"
            sx={{
              position: 'absolute',
              width: 1,
              height: 1,
              overflow: 'hidden',
              clip: 'rect(0 0 0 0)',
            }}
          >
            {announcement}
          </Box>
        </>
      }
    />
  );
}
