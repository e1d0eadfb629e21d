import type { Migration } from './index.js';

export const m001Accounts: Migration = {
  name: '001-accounts',
  statements: {
    sqlite: [
      `CREATE TABLE users (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        email TEXT NOT NULL UNIQUE,
        password_hash TEXT NOT NULL,
        role TEXT NOT NULL CHECK (role IN ('user', 'admin')),
        created_at INTEGER NOT NULL
      ) STRICT`,
      `CREATE TABLE sessions (
        token_hash TEXT PRIMARY KEY,
        user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        created_at INTEGER NOT NULL,
        expires_at INTEGER NOT NULL,
        last_seen_at INTEGER NOT NULL
      ) STRICT`,
      `CREATE INDEX sessions_user_id ON sessions (user_id)`,
      `CREATE INDEX sessions_expires_at ON sessions (expires_at)`,
      `CREATE TABLE auth_failures (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        key TEXT NOT NULL,
        created_at INTEGER NOT NULL
      ) STRICT`,
      `CREATE INDEX auth_failures_key_created_at ON auth_failures (key, created_at)`,
    ],
    postgres: [
      `CREATE TABLE users (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        email TEXT NOT NULL UNIQUE,
        password_hash TEXT NOT NULL,
        role TEXT NOT NULL CHECK (role IN ('user', 'admin')),
        created_at BIGINT NOT NULL
      )`,
      `CREATE TABLE sessions (
        token_hash TEXT PRIMARY KEY,
        user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        created_at BIGINT NOT NULL,
        expires_at BIGINT NOT NULL,
        last_seen_at BIGINT NOT NULL
      )`,
      `CREATE INDEX sessions_user_id ON sessions (user_id)`,
      `CREATE INDEX sessions_expires_at ON sessions (expires_at)`,
      `CREATE TABLE auth_failures (
        id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        key TEXT NOT NULL,
        created_at BIGINT NOT NULL
      )`,
      `CREATE INDEX auth_failures_key_created_at ON auth_failures (key, created_at)`,
    ],
  },
};
