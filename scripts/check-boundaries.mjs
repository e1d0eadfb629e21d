// Proof that the import boundaries (decision 025) hold: wrong imports planted in files that
// exist only in memory must each be refused by the boundary rule, and right ones must pass.
// ESLint lints the text under the given path, so nothing is written to the tree.
// Run by `npm run lint`; exits 1 and names every case that went the wrong way.
import { ESLint } from 'eslint';

const RULE = 'no-restricted-imports';

/** `path` is where the planted file would sit; `from` is the import it makes. */
const CASES = [
  // Server: a feature reaches another only through its index.
  {
    refused: true,
    path: 'apps/server/src/features/orders/planted.ts',
    from: '../catalog/catalog.repo.js',
    why: "a feature importing another feature's repo",
  },
  {
    refused: true,
    path: 'apps/server/src/features/orders/parts/planted.ts',
    from: '../../downloads/downloads.service.js',
    why: "a feature's nested file importing another feature's service file",
  },
  {
    refused: true,
    path: 'apps/server/src/features/checkout/planted.ts',
    from: '../../features/orders/orders.repo.js',
    why: 'a feature reaching another feature by way of src/',
  },
  {
    refused: false,
    path: 'apps/server/src/features/orders/planted.ts',
    from: '../catalog/index.js',
    why: "a feature importing another feature's public entry",
  },
  {
    refused: false,
    path: 'apps/server/src/features/orders/parts/planted.ts',
    from: '../../catalog/index.js',
    why: "a feature's nested file importing another feature's public entry",
  },
  {
    refused: false,
    path: 'apps/server/src/features/orders/parts/planted.ts',
    from: '../orders.repo.js',
    why: "a feature's nested file importing its own feature's repo",
  },
  {
    refused: false,
    path: 'apps/server/src/features/orders/planted.ts',
    from: '../../db/client.js',
    why: 'a feature importing db/',
  },
  {
    refused: false,
    path: 'apps/server/src/features/orders/planted.test.ts',
    from: '../catalog/catalog.repo.js',
    why: "a test importing another feature's repo (tests are exempt)",
  },
  // Server: cross-cutting layers import no feature, not even its index.
  {
    refused: true,
    path: 'apps/server/src/plugins/planted.ts',
    from: '../features/storefront/index.js',
    why: 'a plugin importing a feature',
  },
  {
    refused: true,
    path: 'apps/server/src/db/seed/planted.ts',
    from: '../../features/catalog/catalog.service.js',
    why: 'a db file importing a feature',
  },
  {
    refused: true,
    path: 'apps/server/src/db/migrations/planted.ts',
    from: '../../features/catalog/index.js',
    why: 'a migration importing a feature',
  },
  {
    refused: true,
    path: 'apps/server/src/lib/planted.ts',
    from: '../features/uploads/index.js',
    why: 'lib/ importing a feature',
  },
  {
    refused: true,
    path: 'apps/server/src/adapters/payments/planted.ts',
    from: '../../features/orders/index.js',
    why: 'an adapter importing a feature',
  },
  {
    refused: false,
    path: 'apps/server/src/plugins/planted.ts',
    from: '../lib/html.js',
    why: 'a plugin importing lib/',
  },
  // Web: a feature reaches another only through its index; lib/ imports no feature.
  {
    refused: true,
    path: 'apps/web/src/features/admin-orders/components/planted.tsx',
    from: '../../orders/api/get-my-orders',
    why: "a web feature importing another feature's api/ internals",
  },
  {
    refused: true,
    path: 'apps/web/src/lib/planted.ts',
    from: '../features/orders',
    why: 'web lib/ importing a feature',
  },
  {
    refused: false,
    path: 'apps/web/src/features/admin-orders/components/planted.tsx',
    from: '../../orders',
    why: "a web feature importing another feature's public entry",
  },
];

const eslint = new ESLint();
const failures = [];
for (const planted of CASES) {
  const code = `import { planted } from '${planted.from}';\n\nexport const used = planted;\n`;
  const [result] = await eslint.lintText(code, { filePath: planted.path, warnIgnored: true });
  const messages = result?.messages ?? [];
  const boundary = messages.filter((message) => message.ruleId === RULE);
  const other = messages.filter((message) => message.ruleId !== RULE);
  const label = `${planted.why}: ${planted.path} imports '${planted.from}'`;
  if (other.length > 0) {
    // A parse error or an ignored path would make the case prove nothing.
    failures.push(`${label}: unexpected ${other.map((m) => m.message).join('; ')}`);
  } else if (planted.refused && boundary.length === 0) {
    failures.push(`${label}: should be refused, but the boundary rule let it through`);
  } else if (!planted.refused && boundary.length > 0) {
    failures.push(`${label}: should pass, but was refused: ${boundary[0].message}`);
  }
}

if (failures.length > 0) {
  console.error(`Import boundaries: ${failures.length} of ${CASES.length} checks failed`);
  for (const failure of failures) console.error(`  ${failure}`);
  process.exit(1);
}
console.log(`Import boundaries: ${CASES.length} planted imports refused or passed as they should`);
