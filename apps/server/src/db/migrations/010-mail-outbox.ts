import type { Migration } from './index.js';

/**
 * The outbox every email goes through (decision 015): a row is written in the same transaction
 * as what caused the email (an order paid, a reset asked for), and the mail worker sends it
 * afterwards, retrying until it goes or `give_up_at` passes.
 *
 * `next_attempt_at` doubles as the claim: a worker that takes a row moves it a lease into the
 * future, so no other worker (another instance on the same PostgreSQL) takes it meanwhile, and a
 * worker that dies mid-send leaves it to be taken again when the lease ends.
 */
export const m010MailOutbox: Migration = {
  name: '010-mail-outbox',
  statements: {
    sqlite: [
      `CREATE TABLE mail_outbox (
        id TEXT PRIMARY KEY,
        kind TEXT NOT NULL,
        to_address TEXT NOT NULL,
        subject TEXT NOT NULL,
        text_body TEXT NOT NULL,
        html_body TEXT NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('pending', 'sent', 'failed')),
        attempts INTEGER NOT NULL DEFAULT 0,
        next_attempt_at INTEGER NOT NULL,
        give_up_at INTEGER NOT NULL,
        expires_at INTEGER,
        last_error TEXT,
        created_at INTEGER NOT NULL,
        sent_at INTEGER
      )`,
      `CREATE INDEX mail_outbox_due ON mail_outbox (status, next_attempt_at)`,
      `CREATE INDEX mail_outbox_listed ON mail_outbox (status, created_at)`,
    ],
    postgres: [
      `CREATE TABLE mail_outbox (
        id TEXT PRIMARY KEY,
        kind TEXT NOT NULL,
        to_address TEXT NOT NULL,
        subject TEXT NOT NULL,
        text_body TEXT NOT NULL,
        html_body TEXT NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('pending', 'sent', 'failed')),
        attempts INTEGER NOT NULL DEFAULT 0,
        next_attempt_at BIGINT NOT NULL,
        give_up_at BIGINT NOT NULL,
        expires_at BIGINT,
        last_error TEXT,
        created_at BIGINT NOT NULL,
        sent_at BIGINT
      )`,
      `CREATE INDEX mail_outbox_due ON mail_outbox (status, next_attempt_at)`,
      `CREATE INDEX mail_outbox_listed ON mail_outbox (status, created_at)`,
    ],
  },
};
