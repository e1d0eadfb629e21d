// Adds up the summaries Vitest and Playwright printed into one closing line.
import { readFileSync } from 'node:fs';

// eslint-disable-next-line no-control-regex -- strips terminal colour codes
const text = readFileSync(process.argv[2], 'utf8').replace(/\u001b\[[0-9;]*m/g, '');
let passed = 0;
let failed = 0;
let skipped = 0;
for (const line of text.split('\n')) {
  const vitest = line.match(/^\s*Tests\s+(.*)\(\d+\)\s*$/);
  if (vitest) {
    passed += Number(vitest[1].match(/(\d+) passed/)?.[1] ?? 0);
    failed += Number(vitest[1].match(/(\d+) failed/)?.[1] ?? 0);
    skipped += Number(vitest[1].match(/(\d+) skipped/)?.[1] ?? 0);
    continue;
  }
  const playwright = line.match(/^\s*(\d+) (passed|failed|skipped|flaky)\b/);
  if (playwright) {
    const count = Number(playwright[1]);
    if (playwright[2] === 'failed') failed += count;
    else if (playwright[2] === 'skipped') skipped += count;
    else passed += count;
  }
}
console.log(`\nAll suites: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
