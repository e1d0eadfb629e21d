/** What a client is told while the database cannot be reached. */
export const DATABASE_UNAVAILABLE_MESSAGE =
  "The store's database is not reachable right now. Please try again in a moment.";

/**
 * Whether an error means the database cannot be reached right now (refused, reset, shutting
 * down, a pool that could not connect) rather than that a query was wrong: such requests are
 * answered 503 with Retry-After, and the app recovers by itself once the database is back.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error; current instanceof Error; current = current.cause) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') {
      if (NETWORK_CODES.has(code)) return true;
      // PostgreSQL SQLSTATE: 08 connection exception, 57P01-03 shutting down / cannot connect.
      if (/^08[0-9A-Z]{3}$/.test(code) || /^57P0[1-3]$/.test(code)) return true;
    }
    if (CONNECTION_MESSAGES.some((pattern) => pattern.test(current.message))) return true;
  }
  return false;
}

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** node-postgres reports these without a code. */
const CONNECTION_MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect$/,
  /^Client has encountered a connection error and is not queryable$/,
  /^Connection terminated due to connection timeout$/,
];

/** A unique-constraint violation from either database. */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: string }).code;
  return (
    code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    code === 'SQLITE_CONSTRAINT_PRIMARYKEY' ||
    code === '23505'
  );
}
