// Small formatting helpers shared by the benchmark sections.

/** A Markdown table; cells are strings, pipes inside them are escaped. */
export function markdownTable(header, rows) {
  const line = (cells) =>
    `| ${cells.map((cell) => String(cell).replace(/\|/g, '\\|')).join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}

/** Whole numbers with thousands separators ("12,345"). */
export const count = (value) => Math.round(value).toLocaleString('en-US');

/** Milliseconds, with a decimal only where it matters. */
export const ms = (value) => (value < 10 ? value.toFixed(1) : count(value));

/** A ratio with three decimals, so 0.045 and 0.003 stay apart. */
export const ratio = (value) => value.toFixed(3);

/** Bytes as KiB with one decimal, or bytes when small. */
export const bytes = (value) => (value < 1024 ? `${value} B` : `${(value / 1024).toFixed(1)} KiB`);
