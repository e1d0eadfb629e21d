import type { Migration } from './index.js';

/**
 * Password reset links (decision 016): only the SHA-256 of each token is kept, with its end and
 * the moment it was used; a link works once, for 30 minutes. Deleting an account takes its
 * links with it.
 */
export const m011PasswordResets: Migration = {
  name: '011-password-resets',
  statements: {
    sqlite: [
      `CREATE TABLE password_resets (
        token_hash TEXT PRIMARY KEY,
        user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        created_at INTEGER NOT NULL,
        expires_at INTEGER NOT NULL,
        used_at INTEGER
      )`,
      `CREATE INDEX password_resets_user ON password_resets (user_id)`,
    ],
    postgres: [
      `CREATE TABLE password_resets (
        token_hash TEXT PRIMARY KEY,
        user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        created_at BIGINT NOT NULL,
        expires_at BIGINT NOT NULL,
        used_at BIGINT
      )`,
      `CREATE INDEX password_resets_user ON password_resets (user_id)`,
    ],
  },
};
