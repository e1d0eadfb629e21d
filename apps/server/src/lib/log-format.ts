/**
 * Logs a person reads in a terminal (LOG_FORMAT, decision 019): the server's JSON log lines
 * rewritten as one short line each — a request as its time, method, path, status and duration;
 * anything else as its time, level and message. Log collectors get the JSON unchanged.
 */

export type LogFormat = 'auto' | 'json' | 'pretty';

/** `auto` reads as `pretty` on a terminal and as `json` anywhere else (a file, a pipe, journald). */
export function resolveLogFormat(format: LogFormat, isTerminal: boolean): 'json' | 'pretty' {
  if (format === 'auto') return isTerminal ? 'pretty' : 'json';
  return format;
}

const LEVELS: Record<number, string> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO',
  40: 'WARN',
  50: 'ERROR',
  60: 'FATAL',
};

/** pino's own fields, and the request's: shown in the line itself, not repeated as extras. */
const SHOWN = new Set([
  'level',
  'time',
  'pid',
  'hostname',
  'msg',
  'req',
  'res',
  'responseTime',
  'reqId',
  'err',
]);

export interface LogRecord {
  level?: number;
  time?: number;
  msg?: string;
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  responseTime?: number;
  err?: { message?: string; stack?: string };
  [key: string]: unknown;
}

/**
 * A request URL fit for the log: credentials in it are replaced. A download link's token is in
 * its path; a password reset link's in its query (`/store/reset-password?token=…`), and any other
 * `token` parameter is treated alike.
 */
export function redactUrl(url: string): string {
  return url
    .replace(/^\/api\/downloads\/[^/?#]+/, '/api/downloads/[redacted]')
    .replace(/([?&]token=)[^&#]*/gi, '$1[redacted]');
}

/** One JSON log line as a person reads it; a line that is not JSON is returned as it came. */
export function formatLogLine(line: string): string {
  let record: LogRecord;
  try {
    record = JSON.parse(line) as LogRecord;
  } catch {
    return line.endsWith('\n') ? line : `${line}\n`;
  }
  if (typeof record !== 'object' || record === null) return `${line}\n`;
  return formatRecord(record);
}

/** A log record (a parsed JSON line, or one the access log hands over) as a person reads it. */
export function formatRecord(record: LogRecord): string {
  const time = clockTime(record.time);
  const level = record.level ?? 30;
  const label = level === 30 ? '' : `${LEVELS[level] ?? `LEVEL ${level}`} `;

  if (record.req && record.res) {
    const duration =
      typeof record.responseTime === 'number' ? ` ${formatDuration(record.responseTime)}` : '';
    const failure = record.err?.message ? ` ${record.err.message}` : '';
    const stack = level >= 50 && record.err?.stack ? `\n${indent(record.err.stack)}` : '';
    const url = typeof record.req.url === 'string' ? redactUrl(record.req.url) : '?';
    return `${time} ${label}${record.req.method ?? '?'} ${url} ${record.res.statusCode ?? '?'}${duration}${failure}${stack}\n`;
  }

  const extras = Object.entries(record)
    .filter(([key]) => !SHOWN.has(key))
    .map(([key, value]) => `${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`);
  const message = [record.msg ?? '', ...extras].filter(Boolean).join(' ');
  const error = record.err?.stack ?? record.err?.message;
  return `${time} ${label}${message}${error ? `\n${indent(error)}` : ''}\n`;
}

/** A stream for the logger that writes each line formatted to `out`. */
export function prettyLogStream(out: { write(text: string): unknown }) {
  return {
    write: (line: string) => void out.write(formatLogLine(line.trimEnd())),
    writeRecord: (record: LogRecord) => void out.write(formatRecord(record)),
  };
}

function clockTime(epochMs: number | undefined): string {
  const date = new Date(epochMs ?? Date.now());
  return [date.getHours(), date.getMinutes(), date.getSeconds()]
    .map((part) => String(part).padStart(2, '0'))
    .join(':');
}

function formatDuration(ms: number): string {
  return ms < 10 ? `${ms.toFixed(1)} ms` : `${Math.round(ms)} ms`;
}

function indent(text: string): string {
  return text
    .split('\n')
    .map((line) => `    ${line}`)
    .join('\n');
}
