import Box from '@mui/material/Box';
import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import { chosenFiles, moveImageEntry, type ImageEntry } from './image-entries';
import { ImageListItem, type ImageControl } from './image-list-item';
import { useDragReorder } from './use-drag-reorder';
import { useObjectUrls } from './use-object-urls';

/** Read by screen readers, out of sight. Not role="status": the form's progress is that one. */
const LIVE_REGION = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/** The image's name at the start of a sentence: a file name as it is, "Current image 2". */
const sentenceName = (entry: ImageEntry) =>
  entry.kind === 'new' ? entry.file.name : `Current image ${entry.position}`;

function movedText(entry: ImageEntry, to: number, count: number): string {
  const where = `${sentenceName(entry)} moved to position ${to + 1} of ${count}.`;
  return to === 0 ? `${where} It is the cover now.` : where;
}

/**
 * The product's images in order, the first being the cover: reordered by dragging a handle
 * (mouse, pen or touch) or with each image's move buttons, which keep the focus and are
 * announced to screen readers; each image can be removed.
 */
export function ImageList({
  entries,
  onChange,
  disabled,
}: {
  entries: ImageEntry[];
  onChange: (entries: ImageEntry[]) => void;
  disabled: boolean;
}) {
  const listRef = useRef<HTMLUListElement>(null);
  const [announcement, setAnnouncement] = useState('');
  // The latest list, also between two moves of one fast drag that came before a render.
  const latest = useRef(entries);
  const focusAfter = useRef<{ key: string; control: ImageControl } | null>(null);
  useLayoutEffect(() => {
    latest.current = entries;
    restoreFocus(listRef.current, focusAfter.current);
    focusAfter.current = null;
  }, [entries]);

  const fileKey = entries.map((entry) => (entry.kind === 'new' ? entry.key : '')).join();
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the files change only with their keys
  const files = useMemo(() => chosenFiles(entries), [fileKey]);
  const previews = useObjectUrls(files);

  const change = (next: ImageEntry[]) => {
    latest.current = next;
    onChange(next);
  };
  const { dragged, startDrag } = useDragReorder({
    listRef,
    onMove: (from, to) => change(moveImageEntry(latest.current, from, to)),
    onDrop: (from, to) => {
      const entry = latest.current[to];
      if (entry && from !== to) setAnnouncement(movedText(entry, to, latest.current.length));
    },
  });

  const control = (index: number, action: ImageControl) => {
    const entry = entries[index];
    if (!entry) return;
    if (action === 'remove') {
      const next = entries[index + 1] ?? entries[index - 1];
      focusAfter.current = next ? { key: next.key, control: 'remove' } : null;
      setAnnouncement(`${sentenceName(entry)} removed.`);
      change(entries.filter((_, position) => position !== index));
      return;
    }
    const to = action === 'up' ? index - 1 : index + 1;
    focusAfter.current = { key: entry.key, control: action };
    setAnnouncement(movedText(entry, to, entries.length));
    change(moveImageEntry(entries, index, to));
  };

  return (
    <>
      {entries.length > 0 && (
        <Box
          component="ol"
          ref={listRef}
          aria-label="Product images"
          sx={{ listStyle: 'none', p: 0, m: 0, mt: 1 }}
        >
          {entries.map((entry, index) => (
            <ImageListItem
              key={entry.key}
              entry={entry}
              index={index}
              count={entries.length}
              preview={entry.kind === 'new' ? previews.get(entry.file) : undefined}
              disabled={disabled}
              isDragged={dragged === index}
              onGrab={(event) => startDrag(index, event)}
              onControl={(action) => control(index, action)}
            />
          ))}
        </Box>
      )}
      <Box aria-live="polite" sx={LIVE_REGION}>
        {announcement}
      </Box>
    </>
  );
}

/** After a move the focus stays on the same button of the moved image (or its other one at an end). */
function restoreFocus(
  list: HTMLElement | null,
  target: { key: string; control: ImageControl } | null,
) {
  if (!list || !target) return;
  const row = Array.from(list.children).find(
    (child) => (child as HTMLElement).dataset.key === target.key,
  );
  const button = (control: ImageControl) =>
    row?.querySelector<HTMLButtonElement>(`[data-control="${control}"]:not([disabled])`);
  const other = target.control === 'up' ? 'down' : 'up';
  (button(target.control) ?? button(other))?.focus();
}
