// Downloads and uploads of a large file through the store's real flow, against nginx `sendfile`
// serving the very same file in the same run (the machine is shared and noisy: only ratios and
// deltas mean anything). Starts the built server on a fresh SQLite data directory; an admin
// uploads a cover and a large PDF, a buyer pays with the test checkout and downloads it.
import { spawn, spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { once } from 'node:events';
import {
  createReadStream,
  createWriteStream,
  linkSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statfsSync,
  writeFileSync,
} from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { crc32, deflateSync } from 'node:zlib';
import { startStore } from './lib/store.mjs';

const MiB = 1024 * 1024;
const MB = 1_000_000;

const GOALS = {
  /** Single-stream download throughput, as a share of nginx's. */
  throughputRatio: 0.95,
  /** RSS growth allowed while 32 downloads run. */
  concurrentRssDelta: 128 * MiB,
  /** RSS ceiling while a 1 GB file is uploaded. */
  uploadPeakRss: 150 * MiB,
};

/** The full run measures; the smoke run only proves the path still works, in seconds. */
const PLANS = {
  full: { fileBytes: 1024 * MiB, streams: 32, rounds: 9, pauseMs: 1500 },
  smoke: { fileBytes: 20 * MiB, streams: 4, rounds: 1, pauseMs: 200 },
};

const ADMIN = { email: 'bench-admin@example.com', password: randomBytes(12).toString('hex') };
const BUYER = { name: 'Bench Buyer', email: 'bench-buyer@example.com', password: 'bench buyer pw' };
const PAYING_CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12/49', cvc: '123', name: 'B' };

/** Runs the section: `{ title, markdown, failures }` for docs/performance.md. */
export async function run({ root, smoke, log }) {
  const plan = smoke ? PLANS.smoke : PLANS.full;
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'bindery-bench-files-'));
  const cleanups = [() => rmSync(workDir, { recursive: true, force: true })];
  try {
    requireFreeSpace(workDir, plan.fileBytes * 3);
    const source = path.join(workDir, 'bench-file.pdf');
    log(`files: writing a ${formatBytes(plan.fileBytes)} PDF`);
    const file = await writeLargePdf(source, plan.fileBytes);

    const store = await startFileStore(root, workDir, plan.fileBytes);
    cleanups.unshift(() => store.stop());
    log(`files: store at ${store.base} (pid ${store.pid})`);
    const { downloadUrl, upload } = await buyThroughTheStore(store, source, file, log);

    const nginx = smoke ? null : await startNginx(workDir, source);
    if (nginx) cleanups.unshift(() => nginx.stop());
    if (!smoke) log(nginx ? `files: nginx at ${nginx.base}` : 'files: nginx not installed');

    // The concurrent run first: its idle figure is the store at rest after the upload, before
    // any download has left memory behind.
    const concurrent = await concurrentDownloads(plan, file, downloadUrl, store, log);
    const single = await singleStream(plan, file, downloadUrl, nginx, log);
    return report({ plan, smoke, file, upload, single, concurrent, nginxFound: Boolean(nginx) });
  } finally {
    for (const cleanup of cleanups) await cleanup();
  }
}

/** Refuses to start rather than fill the disk halfway through. */
function requireFreeSpace(dir, bytes) {
  const { bavail, bsize } = statfsSync(dir);
  if (bavail * bsize < bytes) {
    throw new Error(
      `files: needs ${formatBytes(bytes)} free in ${dir}, has ${formatBytes(bavail * bsize)}`,
    );
  }
}

// ---------------------------------------------------------------------------------------------
// The file

/**
 * A valid one-page PDF of exactly `totalBytes`: the page, then an unreferenced stream object
 * holding the filler, then the cross-reference table. Written as it is made, so the bench stays
 * small in memory; returns the size and SHA-256 the store must send back.
 */
async function writeLargePdf(target, totalBytes) {
  const layout = pdfLayout(totalBytes);
  const hash = createHash('sha256');
  const block = randomBytes(MiB);
  async function* bytes() {
    yield layout.head;
    for (let written = 0; written < layout.fillerBytes; written += block.length) {
      // Each block differs from the last, so nothing along the way can fold repeats together.
      block.writeUInt32LE(written / block.length, 0);
      yield block.subarray(0, Math.min(block.length, layout.fillerBytes - written));
    }
    yield layout.tail;
  }
  await pipeline(
    bytes,
    async function* (chunks) {
      for await (const chunk of chunks) {
        hash.update(chunk);
        yield chunk;
      }
    },
    createWriteStream(target),
  );
  return { size: totalBytes, sha256: hash.digest('hex') };
}

function pdfLayout(totalBytes) {
  const text = 'BT /F1 18 Tf 72 720 Td (Bindery benchmark file) Tj ET';
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${text.length} >>\nstream\n${text}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  const build = (fillerBytes) => {
    let head = '%PDF-1.7\n';
    const offsets = [];
    objects.forEach((object, index) => {
      offsets.push(head.length);
      head += `${index + 1} 0 obj\n${object}\nendobj\n`;
    });
    offsets.push(head.length);
    head += `6 0 obj\n<< /Length ${fillerBytes} >>\nstream\n`;
    let tail = '\nendstream\nendobj\n';
    const xref = head.length + fillerBytes + tail.length;
    tail += `xref\n0 7\n0000000000 65535 f \n`;
    for (const offset of offsets) tail += `${String(offset).padStart(10, '0')} 00000 n \n`;
    tail += `trailer\n<< /Size 7 /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
    return { head: Buffer.from(head, 'latin1'), tail: Buffer.from(tail, 'latin1'), fillerBytes };
  };
  // The lengths written into the head and tail change their own size by a digit or two.
  let layout = build(totalBytes);
  for (let attempt = 0; attempt < 4; attempt += 1) {
    const overhead = layout.head.length + layout.tail.length;
    if (overhead + layout.fillerBytes === totalBytes) return layout;
    layout = build(totalBytes - overhead);
  }
  throw new Error(`files: cannot lay out a PDF of ${totalBytes} bytes`);
}

/** A small valid PNG (a flat colour) for the product's cover. */
function coverPng(width = 64, height = 80) {
  const chunk = (type, data) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const frame = Buffer.alloc(4);
    frame.writeUInt32BE(data.length);
    const check = Buffer.alloc(4);
    check.writeUInt32BE(crc32(body));
    return Buffer.concat([frame, body, check]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bits per channel
  header[9] = 2; // RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, 0x6a)]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

// ---------------------------------------------------------------------------------------------
// The servers

/** The built store on a fresh SQLite data directory, with an upload limit above the file. */
export function startFileStore(root, workDir, fileBytes) {
  return startStore({
    root,
    dataDir: path.join(workDir, 'data'),
    env: {
      SEED_DEMO: 'false',
      PAYMENTS: 'test',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      MAX_UPLOAD_SIZE_MB: String(Math.ceil(fileBytes / MiB) + 1),
    },
  });
}

/** nginx serving `file` with sendfile from a temporary prefix, or null when it is not installed. */
async function startNginx(workDir, file) {
  const binary = ['/usr/sbin/nginx', '/usr/local/sbin/nginx', 'nginx'].find(
    (candidate) => spawnSync(candidate, ['-v']).status === 0,
  );
  if (!binary) return null;
  const prefix = path.join(workDir, 'nginx');
  const www = path.join(prefix, 'www');
  mkdirSync(www, { recursive: true });
  // A hard link: the same bytes, the same page cache, no second gigabyte on disk.
  linkSync(file, path.join(www, 'file.pdf'));
  const port = await freePort();
  writeFileSync(
    path.join(prefix, 'nginx.conf'),
    [
      'daemon off;',
      'master_process off;',
      `pid ${prefix}/nginx.pid;`,
      `error_log ${prefix}/error.log warn;`,
      'events { worker_connections 256; }',
      'http {',
      '  access_log off;',
      '  sendfile on;',
      '  tcp_nopush on;',
      `  client_body_temp_path ${prefix}/body;`,
      '  types { application/pdf pdf; }',
      `  server { listen 127.0.0.1:${port}; root ${www}; }`,
      '}',
      '',
    ].join('\n'),
  );
  const child = spawn(
    binary,
    ['-p', prefix, '-c', path.join(prefix, 'nginx.conf'), '-e', path.join(prefix, 'error.log')],
    {
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  let errors = '';
  child.stderr.on('data', (chunk) => (errors += chunk));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`files: nginx exited: ${errors}`);
    const status = await fetch(`${base}/file.pdf`, { method: 'HEAD' }).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) break;
    if (Date.now() > deadline)
      throw new Error(`files: nginx did not answer (${status}): ${errors}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    base,
    url: `${base}/file.pdf`,
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await once(child, 'exit');
    },
  };
}

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

// ---------------------------------------------------------------------------------------------
// The store's flow

async function expectStatus(response, status, what) {
  if (response.status !== status) {
    throw new Error(`files: ${what}: ${response.status} ${await response.text()}`);
  }
  return response;
}

function cookieOf(response) {
  const cookie = response.headers.getSetCookie()[0]?.split(';')[0];
  if (!cookie) throw new Error(`files: no session cookie (${response.status})`);
  return cookie;
}

function postJson(url, body, cookie) {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
}

/** A multipart body's text parts around one file part, whose bytes come from elsewhere. */
function multipartFrame(fields, file) {
  const boundary = `----bindery-bench-${randomBytes(8).toString('hex')}`;
  let head = '';
  for (const [name, value] of Object.entries(fields)) {
    head += `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  }
  head +=
    `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\n` +
    `Content-Type: ${file.type}\r\n\r\n`;
  return {
    head: Buffer.from(head),
    tail: Buffer.from(`\r\n--${boundary}--\r\n`),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/**
 * Streams the file from disk into the upload request, sampling the store's RSS meanwhile:
 * the answer, the time taken and the RSS before and at its peak.
 */
async function uploadLargeFile(store, cookie, signature, source, size) {
  const frame = multipartFrame(signature, {
    field: 'file',
    name: 'bench-file.pdf',
    type: 'application/pdf',
  });
  const idle = await idleRss(store.pid);
  const sampler = sampleRss(store.pid);
  const started = performance.now();
  const request = http.request(`${store.base}/api/uploads/file`, {
    method: 'POST',
    agent: false,
    headers: {
      cookie,
      'content-type': frame.contentType,
      'content-length': frame.head.length + size + frame.tail.length,
    },
  });
  const answered = once(request, 'response');
  await pipeline(async function* () {
    yield frame.head;
    yield* createReadStream(source, { highWaterMark: MiB });
    yield frame.tail;
  }, request);
  const [response] = await answered;
  let body = '';
  for await (const chunk of response) body += chunk;
  const ms = performance.now() - started;
  const peak = sampler.stop();
  if (response.statusCode !== 201) throw new Error(`files: upload: ${response.statusCode} ${body}`);
  return { uploaded: JSON.parse(body), ms, idle, peak };
}

/**
 * As the admin: a cover, the large file and a product; as a buyer: an account, a checkout paid
 * on the test checkout's page, and the download link My Orders hands out.
 */
export async function buyThroughTheStore(store, source, file, log, productFields = {}) {
  const { base } = store;
  const admin = cookieOf(
    await expectStatus(await postJson(`${base}/api/auth/login`, ADMIN), 200, 'admin sign-in'),
  );

  const cover = multipartFrame({}, { field: 'image', name: 'cover.png', type: 'image/png' });
  const imageAnswer = await expectStatus(
    await fetch(`${base}/api/uploads/image`, {
      method: 'POST',
      headers: { cookie: admin, 'content-type': cover.contentType },
      body: Buffer.concat([cover.head, coverPng(), cover.tail]),
    }),
    201,
    'cover upload',
  );
  const { url: imageUrl } = await imageAnswer.json();

  const signatureAnswer = await expectStatus(
    await fetch(`${base}/api/products/generate-signature`, {
      method: 'POST',
      headers: { cookie: admin },
    }),
    200,
    'upload signature',
  );
  const signature = await signatureAnswer.json();
  const { timestamp, signature: mac, api_key, folder } = signature;
  log(`files: uploading ${formatBytes(file.size)}`);
  const upload = await uploadLargeFile(
    store,
    admin,
    { timestamp, signature: mac, api_key, folder },
    source,
    file.size,
  );
  if (upload.uploaded.size !== file.size) {
    throw new Error(`files: the store kept ${upload.uploaded.size} bytes of ${file.size}`);
  }
  log(
    `files: uploaded in ${(upload.ms / 1000).toFixed(1)} s, RSS ${formatBytes(upload.idle)} → peak ${formatBytes(upload.peak)}`,
  );

  const productAnswer = await expectStatus(
    await postJson(
      `${base}/api/products`,
      {
        title: 'The Benchmark Volume',
        description: 'A large file for measuring downloads.',
        price: 9.5,
        image: [imageUrl],
        digitalFile: {
          public_id: upload.uploaded.public_id,
          secure_url: upload.uploaded.secure_url,
        },
        ...productFields,
      },
      admin,
    ),
    201,
    'product creation',
  );
  const product = await productAnswer.json();

  await expectStatus(await postJson(`${base}/api/auth/register`, BUYER), 201, 'registration');
  const buyer = cookieOf(
    await expectStatus(
      await postJson(`${base}/api/auth/login`, { email: BUYER.email, password: BUYER.password }),
      200,
      'buyer sign-in',
    ),
  );
  const checkout = await expectStatus(
    await postJson(`${base}/api/session/checkout`, { productId: product._id }, buyer),
    200,
    'checkout',
  );
  const { url: checkoutUrl } = await checkout.json();
  const sessionId = new URL(checkoutUrl, base).pathname.split('/').pop();
  const paid = await fetch(`${base}/checkout/test/${sessionId}/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(PAYING_CARD).toString(),
    redirect: 'manual',
  });
  await expectStatus(paid, 303, 'test checkout payment');

  const ownership = await expectStatus(
    await fetch(`${base}/api/orders/mine/products/${product._id}`, { headers: { cookie: buyer } }),
    200,
    'ownership',
  );
  const { owned, orderId } = await ownership.json();
  if (!owned) throw new Error('files: the paid product is not owned');
  const link = await expectStatus(
    await fetch(`${base}/api/orders/${orderId}/download-link`, {
      method: 'POST',
      headers: { cookie: buyer },
    }),
    200,
    'download link',
  );
  const { downloadUrl } = await link.json();
  return { downloadUrl: new URL(downloadUrl, base).href, upload };
}

// ---------------------------------------------------------------------------------------------
// Measuring

/** The process's resident set from /proc, in bytes. */
function readRss(pid, field = 'VmRSS') {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = new RegExp(`${field}:\\s+(\\d+) kB`).exec(status);
  if (!match) throw new Error(`files: no ${field} for process ${pid}`);
  return Number(match[1]) * 1024;
}

/** The resident set at rest: the median of a second of samples. */
export async function idleRss(pid) {
  const samples = [];
  for (let i = 0; i < 10; i += 1) {
    samples.push(readRss(pid));
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  samples.sort((a, b) => a - b);
  return samples[Math.floor(samples.length / 2)];
}

/**
 * The peak resident set from now until stop(): the kernel's own high-water mark (VmHWM, reset
 * through clear_refs) where it can be reset, and samples every 20 ms in any case.
 */
export function sampleRss(pid) {
  let peak = readRss(pid);
  let hasHighWaterMark = true;
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
  } catch {
    hasHighWaterMark = false;
  }
  const timer = setInterval(() => (peak = Math.max(peak, readRss(pid))), 20);
  return {
    stop() {
      clearInterval(timer);
      peak = Math.max(peak, readRss(pid));
      return hasHighWaterMark ? Math.max(peak, readRss(pid, 'VmHWM')) : peak;
    },
  };
}

/** One read buffer for every download: each read is counted (and hashed) before the next. */
const READ_BUFFER = Buffer.allocUnsafe(MiB);

/**
 * One GET read to the end as fast as this process can: a raw socket reading into a reused 1 MiB
 * buffer, as Node's HTTP client would cap a fast server well below what the loopback carries.
 * Resolves with the body's byte count, the time taken and, when asked, its SHA-256.
 * `pause()` and `resume()` stop and restart reading (the server must then hold, not buffer).
 */
function download(url, { hash = false } = {}) {
  const { hostname, port, pathname, search } = new URL(url);
  const digest = hash ? createHash('sha256') : null;
  let received = 0;
  let socket;
  const promise = new Promise((resolve, reject) => {
    const started = performance.now();
    let head = Buffer.alloc(0);
    let bodyLength = -1;
    let bytes = 0;
    let settled = false;
    const finish = (error) => {
      if (settled) return;
      settled = true;
      socket.destroy();
      if (error) reject(error);
      else resolve({ bytes, ms: performance.now() - started, sha256: digest?.digest('hex') });
    };
    const takeBody = (chunk) => {
      bytes += chunk.length;
      digest?.update(chunk);
      if (bytes > bodyLength) finish(new Error(`files: ${url} sent more than its length`));
      else if (bytes === bodyLength) finish();
    };
    /** The status line and Content-Length, once the whole header block is in. */
    const takeHead = (chunk) => {
      head = Buffer.concat([head, chunk]);
      const end = head.indexOf('\r\n\r\n');
      if (end < 0) return;
      const lines = head.subarray(0, end).toString('latin1').split('\r\n');
      const status = Number(lines[0].split(' ')[1]);
      const length = lines.find((line) => /^content-length:/i.test(line))?.slice(15);
      if (status !== 200 || length === undefined) {
        finish(new Error(`files: download ${url}: ${lines[0]}`));
        return;
      }
      bodyLength = Number(length.trim());
      takeBody(head.subarray(end + 4));
    };
    socket = net.connect({
      host: hostname,
      port: Number(port),
      onread: {
        buffer: READ_BUFFER,
        callback(length, buffer) {
          received += length;
          const chunk = buffer.subarray(0, length);
          if (bodyLength < 0) takeHead(chunk);
          else takeBody(chunk);
        },
      },
    });
    socket.once('connect', () =>
      socket.write(
        `GET ${pathname}${search} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nConnection: close\r\n\r\n`,
      ),
    );
    socket.once('error', finish);
    socket.once('end', () => finish(new Error(`files: ${url} closed after ${bytes} bytes`)));
  });
  return {
    promise,
    received: () => received,
    pause: () => socket.pause(),
    resume: () => socket.resume(),
  };
}

const mbPerSecond = ({ bytes, ms }) => bytes / MB / (ms / 1000);

/** A single stream's rate as the table shows it: the median, and the best in brackets. */
const rate = ({ median, best }) => `${median.toFixed(0)} MB/s (best ${best.toFixed(0)})`;

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/**
 * Store and nginx, one stream each, in pairs of rounds; the medians of each, and the median of
 * the rounds' store ÷ nginx. A 1 GB stream lasts a quarter of a second here, and one of nginx's
 * rounds can run three times as fast as its others on this shared machine: the best of each, as
 * this once reported, set the ratio by that one round (decision 043).
 */
async function singleStream(plan, file, storeUrl, nginx, log) {
  const rates = { store: [], nginx: [] };
  for (let round = 1; round <= plan.rounds; round += 1) {
    for (const [name, url] of [
      ['store', storeUrl],
      ['nginx', nginx?.url],
    ]) {
      if (!url) continue;
      const result = await download(url).promise;
      if (result.bytes !== file.size) {
        throw new Error(`files: ${name} sent ${result.bytes} bytes of ${file.size}`);
      }
      rates[name].push(mbPerSecond(result));
      log(`files: round ${round} ${name} ${mbPerSecond(result).toFixed(0)} MB/s`);
    }
  }
  const summary = (values) => ({ median: median(values), best: Math.max(...values) });
  return {
    store: summary(rates.store),
    nginx: nginx ? summary(rates.nginx) : null,
    ratio: nginx ? median(rates.store.map((rate, round) => rate / rates.nginx[round])) : null,
  };
}

/**
 * `plan.streams` downloads at once: all read as fast as they can, all stop reading for a moment
 * once a quarter of the bytes are in (the server must hold them back, not buffer them), then all
 * finish. One is hashed to prove the bytes are the file's.
 */
async function concurrentDownloads(plan, file, url, store, log) {
  const idle = await idleRss(store.pid);
  const sampler = sampleRss(store.pid);
  const started = performance.now();
  const readers = Array.from({ length: plan.streams }, (_, index) =>
    download(url, { hash: index === 0 }),
  );
  const total = file.size * plan.streams;
  const quarter = setInterval(() => {
    const received = readers.reduce((sum, reader) => sum + reader.received(), 0);
    if (received < total / 4) return;
    clearInterval(quarter);
    for (const reader of readers) reader.pause();
    setTimeout(() => readers.forEach((reader) => reader.resume()), plan.pauseMs);
  }, 20);
  let results;
  try {
    results = await Promise.all(readers.map((reader) => reader.promise));
  } finally {
    clearInterval(quarter);
  }
  const ms = performance.now() - started;
  const peak = sampler.stop();
  for (const result of results) {
    if (result.bytes !== file.size) throw new Error(`files: a download got ${result.bytes} bytes`);
  }
  if (results[0].sha256 !== file.sha256)
    throw new Error('files: the downloaded bytes differ from the file');
  const aggregate = mbPerSecond({ bytes: total, ms });
  log(
    `files: ${plan.streams} downloads, ${aggregate.toFixed(0)} MB/s in all, RSS ${formatBytes(idle)} → peak ${formatBytes(peak)}`,
  );
  return { idle, peak, aggregate };
}

// ---------------------------------------------------------------------------------------------
// Report

export function formatBytes(bytes) {
  if (bytes >= 1024 * MiB) return `${(bytes / (1024 * MiB)).toFixed(1)} GiB`;
  return `${(bytes / MiB).toFixed(0)} MiB`;
}

const mark = (met) => (met ? 'met' : '**not met**');

function report({ plan, smoke, file, upload, single, concurrent, nginxFound }) {
  const failures = [];
  const size = formatBytes(file.size);
  const rows = [];

  if (nginxFound) {
    const { ratio } = single;
    const met = ratio >= GOALS.throughputRatio;
    if (!met)
      failures.push(
        `files: ${size} download at ${ratio.toFixed(2)}× of nginx, goal ≥ ${GOALS.throughputRatio}`,
      );
    rows.push(
      `| ${size} download, one stream | ${rate(single.store)} | nginx \`sendfile\` ${rate(single.nginx)} | ${ratio.toFixed(2)}× (median of rounds) | ≥ ${GOALS.throughputRatio}× of nginx | ${mark(met)} |`,
    );
  } else {
    rows.push(
      `| ${size} download, one stream | ${rate(single.store)} | ${smoke ? 'nginx not run in a smoke run' : 'nginx not installed'}: ratio skipped | – | ≥ ${GOALS.throughputRatio}× of nginx | skipped |`,
    );
  }

  const delta = concurrent.peak - concurrent.idle;
  const deltaMet = delta <= GOALS.concurrentRssDelta;
  if (!deltaMet)
    failures.push(
      `files: RSS grew by ${formatBytes(delta)} during ${plan.streams} downloads, goal ≤ ${formatBytes(GOALS.concurrentRssDelta)}`,
    );
  rows.push(
    `| RSS during ${plan.streams} concurrent ${size} downloads (${concurrent.aggregate.toFixed(0)} MB/s in all) | peak ${formatBytes(concurrent.peak)} | idle ${formatBytes(concurrent.idle)} | +${formatBytes(delta)} | ≤ idle + ${formatBytes(GOALS.concurrentRssDelta)} | ${mark(deltaMet)} |`,
  );

  const uploadMet = upload.peak < GOALS.uploadPeakRss;
  if (!uploadMet)
    failures.push(
      `files: RSS peaked at ${formatBytes(upload.peak)} during a ${size} upload, goal < ${formatBytes(GOALS.uploadPeakRss)}`,
    );
  const uploadRate = file.size / MB / (upload.ms / 1000);
  rows.push(
    `| RSS during a ${size} upload (${uploadRate.toFixed(0)} MB/s) | peak ${formatBytes(upload.peak)} | idle ${formatBytes(upload.idle)} | +${formatBytes(upload.peak - upload.idle)} | < ${formatBytes(GOALS.uploadPeakRss)} | ${mark(uploadMet)} |`,
  );

  const markdown = [
    '## Downloads and uploads',
    '',
    `A ${size} PDF uploaded by the admin and bought through the test checkout, on SQLite; the`,
    `client is the bench process on the same machine. One stream: ${plan.rounds} pairs of runs, store`,
    'then nginx (nginx-light, `sendfile on`, the same file); the median of each, its best in',
    'brackets, and the median of the pairs\u2019 ratios.',
    'RSS is the server process\u2019s (`/proc/<pid>/status`); the concurrent readers all stop reading',
    'for a moment once a quarter of the bytes are in, so backpressure is part of the measurement.',
    '',
    '| case | store | baseline | ratio / delta | goal | met |',
    '|---|---|---|---|---|---|',
    ...rows,
    '',
  ].join('\n');
  return { title: 'Downloads and uploads', markdown, failures: smoke ? [] : failures };
}
