/**
 * Every server test file runs on SQLite; these run on PostgreSQL too (decision 024). A file
 * belongs here when it touches the database in a way the two engines can differ: queries
 * written for both dialects, transactions, locks, concurrent writers, migrations, search,
 * timestamps read back from the database, PostgreSQL's own features (advisory locks, outage,
 * pg_dump), real store processes on a database. A test of HTTP shape, headers, config, logs,
 * multipart parsing, streaming, storage adapters or timeouts runs once.
 *
 * A new test file in one of these folders runs on both engines by itself; elsewhere, add it
 * here when it matches the rule. Within a file on both, a group the rule would run once skips
 * PostgreSQL with `describe.skipIf(testDb === 'postgres')` (downloads, uploads).
 * `suite-split.test.ts` fails when a file written for PostgreSQL (a scratch database, `testDb`
 * used for more than skipping PostgreSQL) is missing.
 */
export const postgresFolders = [
  'src/db',
  'src/features/auth',
  'src/features/backup',
  'src/features/catalog',
  'src/features/checkout',
  'src/features/discounts',
  'src/features/downloads',
  'src/features/invoices',
  'src/features/mail',
  'src/features/orders',
  'src/features/sales',
  'src/features/settings',
  'src/features/test-checkout',
  'src/features/webhooks',
];
export const postgresFiles = [
  // The command opens the store's database itself.
  'src/cli/create-admin.test.ts',
  'src/crash-recovery.test.ts',
  // The fuzzer once found a 500 that only PostgreSQL gave.
  'src/fuzz.test.ts',
  'src/graceful-shutdown.test.ts',
  // docs/security.md promises the route × role matrix on both databases.
  'src/route-guards.test.ts',
  'src/several-instances.test.ts',
  // Racing activations of one license key: the row lock against SQLite's one writer.
  'src/features/licenses/license-activations.test.ts',
  // Stamping's claim row, taken by one of two instances at once.
  'src/features/stamping/stamping-claims.test.ts',
  // Its dates are read back from the database.
  'src/features/storefront/sitemap.test.ts',
  // Update emails in batches: transactions, a row lock, steps run twice at once.
  'src/features/product-updates/update-mailing.test.ts',
  // A signature used once under concurrent uploads, the byte budget, claims in a transaction
  // (its parsing, image and timeout groups skip PostgreSQL).
  'src/features/uploads/uploads.test.ts',
];
