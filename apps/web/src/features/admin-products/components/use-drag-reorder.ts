import { useEffect, useRef, useState, type PointerEvent, type RefObject } from 'react';

export interface DragReorderOptions {
  /** The list whose children are the rows, top to bottom. */
  listRef: RefObject<HTMLElement | null>;
  /** The dragged row passed another's middle: move it from one place to the other. */
  onMove: (from: number, to: number) => void;
  /** The pointer let go: the row started at `from` and rests at `to`. */
  onDrop: (from: number, to: number) => void;
}

/** The row under a point of the screen's height: the first whose bottom is below it. */
function rowAt(list: HTMLElement | null, clientY: number): number {
  const rows = Array.from(list?.children ?? []);
  const index = rows.findIndex((row) => clientY < row.getBoundingClientRect().bottom);
  return index === -1 ? rows.length - 1 : index;
}

/**
 * Reorders a list by dragging a row's handle with a mouse, a pen or a finger (pointer events;
 * the handle sets `touch-action: none` so a finger drags instead of scrolling). The row moves
 * among the others as the pointer passes them. Keyboard users have the rows' move buttons.
 */
export function useDragReorder({ listRef, onMove, onDrop }: DragReorderOptions) {
  const [dragged, setDragged] = useState<number | null>(null);
  const handlers = useRef({ onMove, onDrop });
  useEffect(() => {
    handlers.current = { onMove, onDrop };
  });
  const stop = useRef<(() => void) | null>(null);
  // Listeners left by a drag the list did not see end (it went away) are removed with it.
  useEffect(() => () => stop.current?.(), []);

  const startDrag = (index: number, event: PointerEvent<HTMLElement>) => {
    if (event.button !== 0 || stop.current) return;
    // No text selection and no focus change: the press is a grab.
    event.preventDefault();
    const pointerId = event.pointerId;
    let current = index;
    const move = (moved: globalThis.PointerEvent) => {
      if (moved.pointerId !== pointerId) return;
      const to = rowAt(listRef.current, moved.clientY);
      if (to < 0 || to === current) return;
      handlers.current.onMove(current, to);
      current = to;
      setDragged(to);
    };
    const end = (ended: globalThis.PointerEvent) => {
      if (ended.pointerId !== pointerId) return;
      stop.current?.();
      setDragged(null);
      handlers.current.onDrop(index, current);
    };
    stop.current = () => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', end);
      window.removeEventListener('pointercancel', end);
      stop.current = null;
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', end);
    window.addEventListener('pointercancel', end);
    setDragged(index);
  };

  return { dragged, startDrag };
}
