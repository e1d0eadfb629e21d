import type { Migration } from './index.js';

const statements = (integer: 'INTEGER' | 'BIGINT', strict: string) => [
  `ALTER TABLE products ADD COLUMN stamp_pdf INTEGER NOT NULL DEFAULT 0
    CHECK (stamp_pdf IN (0, 1))`,
  `ALTER TABLE products ADD COLUMN stamp_note TEXT`,
  `CREATE TABLE pdf_stamps (
    order_id TEXT NOT NULL,
    upload_id TEXT NOT NULL,
    state TEXT NOT NULL CHECK (state IN ('stamping', 'ready', 'failed')),
    claimed_at ${integer} NOT NULL,
    storage_key TEXT,
    size ${integer},
    sha256 TEXT,
    problem TEXT,
    PRIMARY KEY (order_id, upload_id)
  )${strict}`,
  `CREATE INDEX pdf_stamps_upload ON pdf_stamps (upload_id, state)`,
];

/**
 * PDF stamping (issue 28, decision 038). A product may stamp its PDFs (`stamp_pdf`); the owner's
 * note says when one could not be (`stamp_note`). `pdf_stamps` has one row per order and source
 * upload: `stamping` while one instance makes the copy (its claim, taken over once stale),
 * `ready` with the stamped copy's key, size and hash, or `failed` with why, so that a PDF that
 * cannot be stamped is not tried again on every download.
 */
export const m030PdfStamping: Migration = {
  name: '030-pdf-stamping',
  statements: { sqlite: statements('INTEGER', ' STRICT'), postgres: statements('BIGINT', '') },
};
