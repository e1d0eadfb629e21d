import type { Migration } from './index.js';

/**
 * What the file host needs to limit who uploads and how much:
 * - each upload signature is a row, bound to the session that asked for it (by the hash the
 *   sessions table keys it by) and spent by its first use; expired ones are swept;
 * - bytes received by the upload routes, per client address and minute, so that every
 *   instance counts against the same hourly budget.
 */
export const m007UploadLimits: Migration = {
  name: '007-upload-limits',
  statements: {
    sqlite: [
      `CREATE TABLE upload_signatures (
        signature_hash TEXT PRIMARY KEY,
        session_hash TEXT NOT NULL,
        issued_at INTEGER NOT NULL,
        expires_at INTEGER NOT NULL,
        used_at INTEGER
      ) STRICT`,
      `CREATE INDEX upload_signatures_expires_at ON upload_signatures (expires_at)`,
      `CREATE TABLE upload_usage (
        address TEXT NOT NULL,
        minute_start INTEGER NOT NULL,
        bytes INTEGER NOT NULL,
        PRIMARY KEY (address, minute_start)
      ) STRICT`,
      `CREATE INDEX upload_usage_minute_start ON upload_usage (minute_start)`,
    ],
    postgres: [
      `CREATE TABLE upload_signatures (
        signature_hash TEXT PRIMARY KEY,
        session_hash TEXT NOT NULL,
        issued_at BIGINT NOT NULL,
        expires_at BIGINT NOT NULL,
        used_at BIGINT
      )`,
      `CREATE INDEX upload_signatures_expires_at ON upload_signatures (expires_at)`,
      `CREATE TABLE upload_usage (
        address TEXT NOT NULL,
        minute_start BIGINT NOT NULL,
        bytes BIGINT NOT NULL,
        PRIMARY KEY (address, minute_start)
      )`,
      `CREATE INDEX upload_usage_minute_start ON upload_usage (minute_start)`,
    ],
  },
};
