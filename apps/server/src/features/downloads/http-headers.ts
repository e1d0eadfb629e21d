/** Inclusive byte offsets of the part of a file to send. */
export interface ByteSpan {
  start: number;
  end: number;
}

const SINGLE_RANGE = /^bytes=(\d*)-(\d*)$/;

/**
 * One `Range: bytes=…` header against a file of `size` bytes (RFC 9110, 14.1.2 and 14.2):
 * the span to send, `unsatisfiable` (416), or null to ignore the header and send everything.
 * Only a single range is honoured: multiple or malformed ranges are ignored, so a request for
 * a thousand overlapping pieces costs no more than one full download.
 */
export function parseByteRange(
  header: string | undefined,
  size: number,
): ByteSpan | 'unsatisfiable' | null {
  if (header === undefined) return null;
  const match = SINGLE_RANGE.exec(header.trim());
  if (!match) return null;
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return null;
  if (first === '') {
    // Suffix range: the last n bytes, or the whole file when it is shorter.
    const length = Number(last);
    if (length === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(first);
  // An end before the start makes the header invalid (ignored), not unsatisfiable.
  if (last !== '' && Number(last) < start) return null;
  if (start >= size) return 'unsatisfiable';
  return { start, end: last === '' ? size - 1 : Math.min(Number(last), size - 1) };
}

/** Characters RFC 8187 lets through unencoded in `filename*`; everything else is %XX. */
const ATTR_CHAR = /[A-Za-z0-9!#$&+\-.^_`|~]/;

/**
 * Characters no file name may hold on some system, and invisible or line-breaking ones (a
 * right-to-left override could make `x.pdf` read as another extension); the zero-width joiner
 * inside emoji such as 👩‍💻 stays.
 */
const UNSAFE_IN_FILE_NAMES = /(?!\u200d)[\p{Cc}\p{Cf}\p{Zl}\p{Zp}<>:"/\\|?*]/gu;
/** Names Windows keeps for devices, whatever the extension. */
const RESERVED_ON_WINDOWS = /^(con|prn|aux|nul|com[0-9]|lpt[0-9])$/i;
/** Bytes (UTF-8) kept of a title: file systems allow 255 per name, and browsers add " (1)". */
const MAX_NAME_BYTES = 150;

/**
 * The name a buyer's download is saved under: the product's title and the file's extension,
 * e.g. `The Bookbinding Handbook.pdf`. Characters unsafe in file names become `_`, spaces are
 * collapsed, dots and spaces trimmed from the ends, and the title cut (between characters, never
 * inside an emoji) to 150 bytes.
 */
export function downloadFileName(title: string, extension: string): string {
  let base = title
    .normalize('NFC')
    .replace(UNSAFE_IN_FILE_NAMES, '_')
    .replace(/\s+/gu, ' ')
    .replace(/^[\s.]+|[\s.]+$/gu, '');
  let bytes = 0;
  let cut = '';
  for (const { segment } of new Intl.Segmenter('en', { granularity: 'grapheme' }).segment(base)) {
    bytes += Buffer.byteLength(segment);
    if (bytes > MAX_NAME_BYTES) break;
    cut += segment;
  }
  base = cut.replace(/[\s.]+$/u, '');
  if (base === '') base = 'download';
  if (RESERVED_ON_WINDOWS.test(base)) base = `${base}_`;
  const ext = extension.toLowerCase().replace(/[^a-z0-9]/g, '');
  return ext ? `${base}.${ext}` : base;
}

/**
 * `attachment` with the given name: a plain ASCII fallback (accents dropped; quotes,
 * backslashes, percent signs and other non-ASCII characters replaced) and the name as UTF-8 in
 * `filename*` (RFC 6266), which browsers prefer. Control characters and path separators are
 * replaced in both, so nothing from the name can end the header, start another, or point into a
 * folder.
 */
export function contentDisposition(fileName: string, fallbackName = 'download'): string {
  const name = fileName.replace(/(?!\u200d)[\p{Cc}\p{Cf}/\\]/gu, '_').trim() || fallbackName;
  const ascii = name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const encoded = [...new TextEncoder().encode(name)]
    .map((byte) => {
      const char = String.fromCharCode(byte);
      return byte < 0x80 && ATTR_CHAR.test(char)
        ? char
        : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
    })
    .join('');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
