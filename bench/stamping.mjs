// PDF stamping: the first download of a bought PDF from a product that stamps its PDFs, which
// makes the buyer's stamped copy (decision 038). Reports the time to stamp a 100 MB, 1,000-page
// PDF, the peak RSS of the child process that stamps it and of the server meanwhile; the smoke
// run (CI) does the same with a small PDF.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { buyThroughTheStore, formatBytes, idleRss, sampleRss, startFileStore } from './files.mjs';

const MiB = 1024 * 1024;

const GOALS = {
  /** The server's own RSS growth while it stamps and serves: the download budget. */
  serverRssDelta: 128 * MiB,
};

const PLANS = {
  full: { pages: 1000, bytes: 100_000_000 },
  smoke: { pages: 20, bytes: 2 * MiB },
};

/** Runs the section: `{ title, markdown, failures }` for docs/performance.md. */
export async function run({ root, smoke, log }) {
  const plan = smoke ? PLANS.smoke : PLANS.full;
  const source = await cachedPdf(plan, log);
  const size = statSync(source).size;
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'bindery-bench-stamping-'));
  let store;
  try {
    store = await startFileStore(root, workDir, size);
    log(`stamping: store at ${store.base} (pid ${store.pid})`);
    const { downloadUrl } = await buyThroughTheStore(store, source, { size }, log, {
      stampPdf: true,
    });
    const idle = await idleRss(store.pid);
    const sampler = sampleRss(store.pid);
    const first = await download(downloadUrl, path.join(workDir, 'stamped.pdf'));
    const peak = sampler.stop();
    const stamped = await stampLogLine(store);
    const second = await download(downloadUrl, path.join(workDir, 'again.pdf'));
    checkStamp(path.join(workDir, 'stamped.pdf'), first, size);
    log(
      `stamping: ${plan.pages} pages, ${formatBytes(size)}: first download ${(first.ms / 1000).toFixed(1)} s ` +
        `(stamp ${(stamped.ms / 1000).toFixed(1)} s, child peak ${formatBytes(stamped.stampRssBytes)}), ` +
        `server RSS ${formatBytes(idle)} → peak ${formatBytes(peak)}; second download ${(second.ms / 1000).toFixed(1)} s`,
    );
    return report({ plan, size, smoke, first, second, stamped, idle, peak });
  } finally {
    await store?.stop();
    rmSync(workDir, { recursive: true, force: true });
  }
}

/**
 * The PDF to stamp, made once and kept in the temporary directory: `pages` pages, each drawing
 * an uncompressible grey image (random bytes) and its number, every tenth page turned 90°.
 */
async function cachedPdf({ pages, bytes }, log) {
  const dir = path.join(os.tmpdir(), 'bindery-bench-cache');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `stamping-${pages}p-${bytes}.pdf`);
  if (existsSync(file)) return file;
  log(`stamping: writing a ${pages}-page PDF of about ${formatBytes(bytes)}`);
  const part = `${file}.${process.pid}.part`;
  await pipeline(Readable.from(pdfChunks(pages, bytes)), createWriteStream(part));
  renameSync(part, file);
  return file;
}

function* pdfChunks(pages, bytes) {
  const side = Math.floor(Math.sqrt(bytes / pages));
  const font = 3 + 3 * pages;
  const offsets = [];
  let written = 0;
  function* object(number, text, stream) {
    offsets[number] = written;
    const head = Buffer.from(
      `${number} 0 obj\n${text}\n${stream ? 'stream\n' : 'endobj\n'}`,
      'latin1',
    );
    written += head.length;
    yield head;
    if (!stream) return;
    written += stream.length;
    yield stream;
    const tail = Buffer.from('\nendstream\nendobj\n', 'latin1');
    written += tail.length;
    yield tail;
  }
  const header = Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1');
  written += header.length;
  yield header;
  yield* object(1, '<< /Type /Catalog /Pages 2 0 R >>');
  const kids = Array.from({ length: pages }, (_, index) => `${3 + 3 * index} 0 R`).join(' ');
  yield* object(2, `<< /Type /Pages /Kids [${kids}] /Count ${pages} >>`);
  for (let index = 0; index < pages; index += 1) {
    const page = 3 + 3 * index;
    const rotate = index % 10 === 9 ? ' /Rotate 90' : '';
    yield* object(
      page,
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792]${rotate} /Contents ${page + 1} 0 R ` +
        `/Resources << /Font << /F1 ${font} 0 R >> /XObject << /Im0 ${page + 2} 0 R >> >> >>`,
    );
    const content = Buffer.from(
      `q 400 0 0 400 106 300 cm /Im0 Do Q BT /F1 24 Tf 72 720 Td (Page ${index + 1}) Tj ET`,
      'latin1',
    );
    yield* object(page + 1, `<< /Length ${content.length} >>`, content);
    yield* object(
      page + 2,
      `<< /Type /XObject /Subtype /Image /Width ${side} /Height ${side} /ColorSpace /DeviceGray ` +
        `/BitsPerComponent 8 /Length ${side * side} >>`,
      randomBytes(side * side),
    );
  }
  yield* object(font, '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>');
  let xref = `xref\n0 ${font + 1}\n0000000000 65535 f \n`;
  for (let number = 1; number <= font; number += 1) {
    xref += `${String(offsets[number]).padStart(10, '0')} 00000 n \n`;
  }
  xref += `trailer\n<< /Size ${font + 1} /Root 1 0 R >>\nstartxref\n${written}\n%%EOF\n`;
  yield Buffer.from(xref, 'latin1');
}

/** One GET saved to `target`: its status, size, ETag and the time to its last byte. */
async function download(url, target) {
  const started = performance.now();
  const response = await fetch(url);
  if (response.status !== 200) {
    throw new Error(`stamping: download: ${response.status} ${await response.text()}`);
  }
  await pipeline(Readable.fromWeb(response.body), createWriteStream(target));
  return {
    ms: performance.now() - started,
    size: statSync(target).size,
    etag: response.headers.get('etag'),
  };
}

/**
 * The store's "PDF stamped" line: how long the stamp took and the child's peak RSS. The store
 * writes its log in batches (decision 042): the line may follow the download by a few ms.
 */
async function stampLogLine(store) {
  const deadline = Date.now() + 5000;
  for (;;) {
    const log = store.log();
    const line = log
      .split('\n')
      .filter((text) => text.includes('"PDF stamped"'))
      .at(-1);
    if (line) return JSON.parse(line);
    if (Date.now() > deadline) {
      throw new Error(`stamping: the store logged no stamp:\n${log.slice(-2000)}`);
    }
    await sleep(20);
  }
}

/** The copy is not the original, and its first page says whose it is (when pdftotext is here). */
function checkStamp(file, first, sourceSize) {
  if (first.size <= sourceSize) {
    throw new Error(`stamping: the copy (${first.size} bytes) is no larger than the original`);
  }
  let text;
  try {
    text = execFileSync('pdftotext', ['-f', '1', '-l', '1', file, '-'], { encoding: 'utf8' });
  } catch {
    return;
  }
  if (!text.includes('Licensed to bench-buyer@example.com · Order #')) {
    throw new Error(`stamping: the first page does not carry the stamp:\n${text}`);
  }
}

const mark = (met) => (met ? 'met' : '**not met**');

function report({ plan, size, smoke, first, second, stamped, idle, peak }) {
  const delta = peak - idle;
  const met = delta <= GOALS.serverRssDelta;
  const failures = met
    ? []
    : [
        `stamping: server RSS grew by ${formatBytes(delta)} while stamping, goal ≤ ${formatBytes(GOALS.serverRssDelta)}`,
      ];
  const what = `${plan.pages.toLocaleString('en-US')}-page, ${(size / 1e6).toFixed(0)} MB PDF`;
  const markdown = [
    '## PDF stamping',
    '',
    `A ${what} (an uncompressible image per page, every tenth page turned) bought from a`,
    'product that stamps its PDFs, on SQLite and the local disk. The first download makes the stamped',
    'copy in a child process (pdf-lib, one at a time) and then serves it; the second is served',
    'from the kept copy. The child\u2019s peak is its own `maxRSS`; the server\u2019s is `/proc`.',
    '',
    '| case | figure | goal | met |',
    '|---|---|---|---|',
    `| time to stamp the ${what} | ${(stamped.ms / 1000).toFixed(1)} s | – | – |`,
    `| first download, stamp included | ${(first.ms / 1000).toFixed(1)} s | – | – |`,
    `| second download (the kept copy) | ${(second.ms / 1000).toFixed(1)} s | – | – |`,
    `| peak RSS of the stamping process | ${formatBytes(stamped.stampRssBytes)} | – | – |`,
    `| server RSS while stamping and serving | peak ${formatBytes(peak)}, idle ${formatBytes(idle)}, +${formatBytes(delta)} | ≤ idle + ${formatBytes(GOALS.serverRssDelta)} | ${mark(met)} |`,
    '',
  ].join('\n');
  return { title: 'PDF stamping', markdown, failures: smoke ? [] : failures };
}
