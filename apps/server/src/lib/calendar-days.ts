/**
 * Calendar days in a time zone, as ranges of milliseconds: a day starts at its local midnight,
 * so around a daylight-saving change it lasts 23 or 25 hours.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The wall-clock time in `timeZone` at `ms`, read as if it were UTC. */
function wallClock(ms: number, timeZone: string): number {
  const parts = formatterFor(timeZone).formatToParts(ms);
  const get = (type: string) => Number(parts.find((part) => part.type === type)?.value);
  return Date.UTC(
    get('year'),
    get('month') - 1,
    get('day'),
    get('hour'),
    get('minute'),
    get('second'),
  );
}

/** The date (`YYYY-MM-DD`) it is in `timeZone` at `ms`. */
export function dateIn(ms: number, timeZone: string): string {
  return new Date(wallClock(ms, timeZone)).toISOString().slice(0, 10);
}

/** The moment a calendar date begins in `timeZone`. */
export function startOfDate(date: string, timeZone: string): number {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const midnight = Date.UTC(year, month - 1, day);
  // The zone's offset near that midnight, then once more at the moment found (a change of
  // offset between the two is what a daylight-saving day is).
  let guess = midnight - (wallClock(midnight, timeZone) - midnight);
  guess = midnight - (wallClock(guess, timeZone) - guess);
  return guess;
}

/** `date` moved by whole days (calendar arithmetic, no time zone involved). */
export function addDays(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Days from `from` to `to`, both included. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
}

/** Every day of the range with its [start, end) in milliseconds. */
export function dayRanges(from: string, to: string, timeZone: string) {
  const count = daysBetween(from, to);
  return Array.from({ length: count }, (_, index) => {
    const date = addDays(from, index);
    return {
      date,
      start: startOfDate(date, timeZone),
      end: startOfDate(addDays(date, 1), timeZone),
    };
  });
}
