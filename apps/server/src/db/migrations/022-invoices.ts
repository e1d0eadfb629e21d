import type { Migration } from './index.js';

/** Orders paid before this migration, numbered in the order they were paid. */
const BACKFILL_INVOICES = `INSERT INTO invoice_documents (order_id, kind, prefix, sequence, issued_at, seller)
  SELECT id, 'invoice', 'INV-', row_number() OVER (ORDER BY paid_at, order_number), paid_at, NULL
  FROM orders WHERE paid_at IS NOT NULL AND status IN ('paid', 'refunded')`;

/** Of those, the refunded ones, numbered in the order they were refunded. */
const BACKFILL_CREDIT_NOTES = `INSERT INTO invoice_documents (order_id, kind, prefix, sequence, issued_at, seller)
  SELECT id, 'credit-note', 'CN-', row_number() OVER (ORDER BY refunded_at, order_number), refunded_at, NULL
  FROM (
    SELECT o.id, o.order_number, coalesce(
      (SELECT max(t.created_at) FROM order_transitions t
       WHERE t.order_id = o.id AND t.to_status = 'refunded'),
      o.updated_at) AS refunded_at
    FROM orders o WHERE o.paid_at IS NOT NULL AND o.status = 'refunded'
  ) AS refunded`;

/** The counters go on from the numbers given; a kind with none has no row until its first. */
const SEQUENCES = `INSERT INTO invoice_sequences (kind, last_sequence)
  SELECT kind, count(*) FROM invoice_documents GROUP BY kind`;

const documents = (timestamp: string) => `CREATE TABLE invoice_documents (
        order_id TEXT NOT NULL REFERENCES orders (id),
        kind TEXT NOT NULL CHECK (kind IN ('invoice', 'credit-note')),
        prefix TEXT NOT NULL,
        sequence INTEGER NOT NULL,
        issued_at ${timestamp} NOT NULL,
        seller TEXT,
        PRIMARY KEY (order_id, kind)
      )`;

/**
 * Invoices and credit notes (issue 26). `invoice_sequences` holds one counter per kind; the
 * transaction that marks an order paid (or refunded) raises it and writes the document in the
 * same breath, so a rolled-back payment gives its number back and the numbers have no gaps.
 * The counter's row is the lock: two payments at once take their numbers one after the other
 * (PostgreSQL) or never overlap (SQLite, one writer). `prefix` is the one in force when the
 * number was given; `seller` the seller's details then (JSON), so a later change of address
 * does not rewrite an invoice already sent. Orders paid before this migration get numbers in
 * the order they were paid, with the default prefixes and today's seller details.
 */
export const m022Invoices: Migration = {
  name: '022-invoices',
  statements: {
    sqlite: [
      `CREATE TABLE invoice_sequences (
        kind TEXT PRIMARY KEY CHECK (kind IN ('invoice', 'credit-note')),
        last_sequence INTEGER NOT NULL
      )`,
      documents('INTEGER'),
      `CREATE UNIQUE INDEX invoice_documents_sequence ON invoice_documents (kind, sequence)`,
      BACKFILL_INVOICES,
      BACKFILL_CREDIT_NOTES,
      SEQUENCES,
    ],
    postgres: [
      `CREATE TABLE invoice_sequences (
        kind TEXT PRIMARY KEY CHECK (kind IN ('invoice', 'credit-note')),
        last_sequence INTEGER NOT NULL
      )`,
      documents('BIGINT'),
      `CREATE UNIQUE INDEX invoice_documents_sequence ON invoice_documents (kind, sequence)`,
      BACKFILL_INVOICES,
      BACKFILL_CREDIT_NOTES,
      SEQUENCES,
    ],
  },
};
