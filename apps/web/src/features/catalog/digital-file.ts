import type { DigitalFormat } from '@bindery/shared';

const UNITS = ['KB', 'MB', 'GB'] as const;

/** "840 B", "12 KB", "1.2 MB": one decimal below 10, binary units as file managers show them. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  let value = bytes;
  let unit: string = 'B';
  for (const next of UNITS) {
    if (value < 1024) break;
    value /= 1024;
    unit = next;
  }
  const digits = value < 10 ? 1 : 0;
  return `${value.toLocaleString('en-US', { maximumFractionDigits: digits })} ${unit}`;
}

/** "PDF", "EPUB", "ZIP". */
export function formatLabel(format: DigitalFormat): string {
  return format.toUpperCase();
}

/** "EPUB · 1.2 MB": what a buyer gets. */
export function describeDigitalFile(file: { format: DigitalFormat; size: number }): string {
  return `${formatLabel(file.format)} · ${formatFileSize(file.size)}`;
}
