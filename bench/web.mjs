// The store's first view in a real browser: how much JavaScript Chromium fetches to show the
// catalogue, a product page and the sign-in page when opened directly, how long the signed-in
// pages (My Orders, the admin's dashboard) take to show their content against the catalogue,
// and Lighthouse's mobile performance audit of the public pages (its default simulated
// throttling of a slow mobile network and CPU). Starts the built server on a fresh SQLite data
// directory with the demo catalogue; builds nothing itself.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { startStore } from './lib/store.mjs';
import {
  TIME_TO_CONTENT_GOAL_MS,
  benchAdminEnv,
  measureTimeToContent,
} from './lib/time-to-content.mjs';

const CHROMIUM = '/usr/bin/chromium';
const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const KB = 1024;

const GOALS = {
  /** First-load JavaScript of the catalogue, a product page and the sign-in page, gzip bytes. */
  firstLoadGzipBytes: 150 * KB,
  /** Lighthouse mobile scores, 0 to 100: performance, accessibility and SEO. */
  lighthouseScore: 95,
  /** Largest contentful paint under Lighthouse's mobile throttling: the first products shown. */
  lcpMs: 5000,
};

/** The id of the catalogue's first product, for a product page to open. */
async function firstProductId(base) {
  const response = await fetch(`${base}/api/products?page=1&limit=1`);
  if (!response.ok) throw new Error(`GET /api/products answered ${response.status}`);
  const { products } = await response.json();
  if (!products[0]) throw new Error('the demo catalogue is empty');
  return products[0]._id;
}

/** Bytes of a script as the store serves it in one encoding (the build's precompressed copy). */
async function encodedSize(url, encoding) {
  const response = await fetch(url, { headers: { 'accept-encoding': encoding } });
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
  const served = response.headers.get('content-encoding') ?? 'identity';
  if (served !== encoding) throw new Error(`${url}: asked for ${encoding}, got ${served}`);
  return Number(response.headers.get('content-length'));
}

/**
 * Opens a page in a fresh browser context, waits until it shows its content and the network is
 * quiet, and lists every script Chromium fetched: the page's first-load JavaScript.
 */
async function firstLoadScripts(browser, url, contentSelector) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const pending = [];
  page.on('requestfinished', (request) => {
    if (request.resourceType() !== 'script') return;
    pending.push(
      Promise.all([request.response(), request.sizes()]).then(([response, sizes]) => ({
        url: request.url(),
        status: response?.status(),
        transferred: sizes.responseBodySize,
      })),
    );
  });
  let scripts;
  try {
    const response = await page.goto(url);
    if (!response?.ok()) throw new Error(`${url} answered ${response?.status()}`);
    await page.locator(contentSelector).first().waitFor({ timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    scripts = await Promise.all(pending);
  } finally {
    await context.close();
  }
  const failed = scripts.find((script) => script.status !== 200);
  if (failed) throw new Error(`${failed.url} answered ${failed.status}`);
  let transferred = 0;
  let gzip = 0;
  for (const script of scripts) {
    transferred += script.transferred;
    gzip += await encodedSize(script.url, 'gzip');
  }
  return { count: scripts.length, transferred, gzip };
}

/**
 * Lighthouse's mobile audit of one page (performance with its default simulated throttling,
 * accessibility and SEO).
 */
async function audit(url, chromeLauncher, lighthouse) {
  // Lighthouse now and then loses its trace on a busy machine (NO_NAVSTART, NO_FCP): try again.
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await auditOnce(url, chromeLauncher, lighthouse);
    } catch (error) {
      if (attempt >= 3 || !/NO_NAVSTART|NO_FCP|NO_LCP/.test(String(error))) throw error;
    }
  }
}

async function auditOnce(url, chromeLauncher, lighthouse) {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROMIUM_FLAGS });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'seo'],
    });
    const { categories, audits, runtimeError } = result.lhr;
    if (runtimeError) {
      throw new Error(`Lighthouse on ${url}: ${runtimeError.code} ${runtimeError.message}`);
    }
    return {
      score: Math.round(categories.performance.score * 100),
      accessibility: Math.round(categories.accessibility.score * 100),
      seo: Math.round(categories.seo.score * 100),
      // What kept a category from 100, by audit id: the first thing to look at when one drops.
      missed: Object.fromEntries(
        ['accessibility', 'seo'].map((category) => [
          category,
          categories[category].auditRefs
            .filter(
              (ref) => ref.weight > 0 && audits[ref.id].score !== null && audits[ref.id].score < 1,
            )
            .map((ref) => ref.id),
        ]),
      ),
      fcpMs: audits['first-contentful-paint'].numericValue,
      lcpMs: audits['largest-contentful-paint'].numericValue,
      tbtMs: audits['total-blocking-time'].numericValue,
      cls: audits['cumulative-layout-shift'].numericValue,
    };
  } finally {
    chrome.kill();
  }
}

const kb = (bytes) => `${(bytes / KB).toFixed(1)} KB`;
const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;
const mark = (met) => (met === undefined ? '—' : met ? 'met' : 'not met');

/** Lighthouse's rows for one page: accessibility, SEO, performance and LCP against the goals. */
function lighthouseRows(page, failures) {
  const rows = [];
  const { score, fcpMs, lcpMs, tbtMs, cls, accessibility, seo, missed } = page.lighthouse;
  for (const [category, value, failed] of [
    ['accessibility', accessibility, missed.accessibility],
    ['SEO', seo, missed.seo],
  ]) {
    const met = value >= GOALS.lighthouseScore;
    rows.push([
      `${page.name}: Lighthouse ${category}`,
      `${value}${failed.length > 0 ? ` (missed: ${failed.join(', ')})` : ''}`,
      `≥ ${GOALS.lighthouseScore}`,
      mark(met),
    ]);
    if (!met) failures.push(`${page.name}: Lighthouse ${category} ${value}`);
  }
  const scoreMet = score >= GOALS.lighthouseScore;
  const lcpMet = lcpMs <= GOALS.lcpMs;
  rows.push([
    `${page.name}: Lighthouse mobile performance`,
    `${score} (FCP ${seconds(fcpMs)}, TBT ${Math.round(tbtMs)} ms, CLS ${cls.toFixed(3)})`,
    `≥ ${GOALS.lighthouseScore}`,
    mark(scoreMet),
  ]);
  rows.push([
    `${page.name}: ${page.largestPaint} (LCP, mobile throttling)`,
    seconds(lcpMs),
    `≤ ${seconds(GOALS.lcpMs)}`,
    mark(lcpMet),
  ]);
  if (!scoreMet) failures.push(`${page.name}: Lighthouse performance ${score}`);
  if (!lcpMet) failures.push(`${page.name}: LCP ${seconds(lcpMs)}`);
  return rows;
}

/** Time to content of the signed-in pages, in ms and as a ratio to the catalogue's. */
function timeToContentRows(pages, failures) {
  const baseline = pages.find((page) => !page.goal).ms;
  return pages.map((page) => {
    const figure = page.goal
      ? `${Math.round(page.ms)} ms (${(page.ms / baseline).toFixed(2)}× the catalogue)`
      : `${Math.round(page.ms)} ms`;
    const met = page.goal ? page.ms <= TIME_TO_CONTENT_GOAL_MS : undefined;
    if (met === false) failures.push(`${page.name}: time to content ${Math.round(page.ms)} ms`);
    return [
      `${page.name}: time to content (cold, 1366×768)`,
      figure,
      page.goal ? `≤ ${TIME_TO_CONTENT_GOAL_MS} ms` : 'baseline',
      mark(met),
    ];
  });
}

/** Runs the section: `{ title, markdown, failures }` for docs/performance.md. */
export async function run({ root, smoke, log }) {
  const { chromium } = await import(
    pathToFileURL(path.join(root, 'node_modules/playwright-core/index.mjs')).href
  );
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bindery-bench-web-'));
  const store = await startStore({
    root,
    dataDir,
    env: benchAdminEnv,
    readyLine: /demo catalogue/,
  });
  const { base } = store;
  const rows = [];
  const failures = [];
  try {
    const productId = await firstProductId(base);
    const pages = [
      {
        name: 'Catalogue',
        path: '/store/products',
        content: 'ul[aria-label="Products"] li',
        goal: true,
        audit: true,
        largestPaint: 'first products visible',
      },
      {
        name: 'Product page',
        path: `/store/product/${productId}`,
        content: 'main h1',
        goal: true,
        audit: true,
        largestPaint: 'product and its image visible',
      },
      // The store's index redirects to the sign-in page (specification, section 2); its form
      // validation (Zod) is loaded with it.
      { name: 'Sign-in (/store/login)', path: '/store/login', content: 'main h1', goal: true },
    ];

    let signedIn;
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
    try {
      for (const page of pages) {
        log(`web: first load of ${page.path}`);
        page.scripts = await firstLoadScripts(browser, base + page.path, page.content);
      }
      signedIn = await measureTimeToContent(browser, {
        base,
        productId,
        runs: smoke ? 1 : 7,
        log,
      });
    } finally {
      await browser.close();
    }

    if (!smoke) {
      const chromeLauncher = await import(
        pathToFileURL(path.join(root, 'node_modules/chrome-launcher/dist/index.js')).href
      );
      const { default: lighthouse } = await import(
        pathToFileURL(path.join(root, 'node_modules/lighthouse/core/index.js')).href
      );
      for (const page of pages.filter((p) => p.audit)) {
        log(`web: Lighthouse mobile on ${page.path}`);
        page.lighthouse = await audit(base + page.path, chromeLauncher, lighthouse);
      }
    }

    for (const page of pages) {
      const { count, transferred, gzip } = page.scripts;
      const met = page.goal ? gzip <= GOALS.firstLoadGzipBytes : undefined;
      rows.push([
        `${page.name}: first-load JavaScript`,
        `${kb(gzip)} gzip (${kb(transferred)} brotli as sent, ${count} files)`,
        page.goal ? `≤ ${kb(GOALS.firstLoadGzipBytes)} gzip` : 'reference',
        mark(met),
      ]);
      if (met === false) failures.push(`${page.name}: first-load JavaScript ${kb(gzip)} gzip`);
      if (!page.lighthouse) continue;
      rows.push(...lighthouseRows(page, failures));
    }
    rows.push(...timeToContentRows(signedIn, failures));
  } finally {
    await store.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }

  const markdown = [
    'First-load JavaScript is every script Chromium fetched to show the page when opened',
    'directly, until the page showed its content and the network was quiet; gzip bytes are those',
    "of the build's gzip copies, what a browser without brotli receives. Lighthouse runs its",
    'default mobile audit (simulated slow network and 4× CPU slowdown) with the local Chromium.',
    'Time to content is the median of seven openings, each in a fresh browser context (cold',
    "cache) with the visitor's session cookie, from the navigation's start to the first product",
    'card, order row or product row in the document; the catalogue, signed out, is the baseline.',
    '',
    '| Measure | Figure | Goal | Result |',
    '|---|---|---|---|',
    ...rows.map((cells) => `| ${cells.join(' | ')} |`),
  ].join('\n');
  return { title: 'First view (web)', markdown, failures };
}
