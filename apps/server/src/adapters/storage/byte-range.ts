import { InvalidRangeError, type ByteRange } from './storage.js';

/**
 * The inclusive offsets `range` names in an object of `size` bytes: all of it without a range;
 * InvalidRangeError for a range not wholly inside the object (an empty object has none).
 */
export function resolveRange(
  range: ByteRange | undefined,
  size: number,
): { start: number; end: number } {
  const start = range?.start ?? 0;
  const end = range?.end ?? size - 1;
  const isWhole = range === undefined || (range.start === undefined && range.end === undefined);
  if (
    !isWhole &&
    (!Number.isSafeInteger(start) ||
      !Number.isSafeInteger(end) ||
      start < 0 ||
      end < start ||
      end >= size)
  ) {
    throw new InvalidRangeError(size);
  }
  return { start, end };
}
