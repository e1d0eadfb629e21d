/* global window, document, MutationObserver -- watchFor and the waits run in the page. */
// How long a page takes to show its content when opened directly in a cold browser: a fresh
// context (empty cache), optionally signed in by its session cookie, timed from the start of
// the navigation to the first moment the page's content is in the document.

/** The admin the bench's store is started with (ADMIN_EMAIL / ADMIN_PASSWORD). */
export const BENCH_ADMIN = { email: 'bench-admin@example.com', password: 'bench admin password' };

/** Environment for the store so that `BENCH_ADMIN` exists. */
export const benchAdminEnv = {
  ADMIN_EMAIL: BENCH_ADMIN.email,
  ADMIN_PASSWORD: BENCH_ADMIN.password,
};

async function postJson(base, pathname, body, cookie) {
  const response = await fetch(base + pathname, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
  if (!response.ok) {
    throw new Error(`POST ${pathname} answered ${response.status}: ${await response.text()}`);
  }
  return response;
}

/** Signs in through the API and answers the session cookie as `name=value`. */
export async function signIn(base, { email, password }) {
  const response = await postJson(base, '/api/auth/login', { email, password });
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .find((pair) => /session=/.test(pair));
  if (!cookie) throw new Error('signing in set no session cookie');
  return cookie;
}

/** A new buyer with one order (a checkout started, so a pending order), signed in. */
export async function buyerWithAnOrder(base, productId) {
  const buyer = {
    name: 'Bench buyer',
    email: `bench-buyer-${Date.now()}@example.com`,
    password: 'bench buyer password',
  };
  await postJson(base, '/api/auth/register', buyer);
  const cookie = await signIn(base, buyer);
  await postJson(base, '/api/session/checkout', { productId }, cookie);
  return cookie;
}

/**
 * Records, in the page, when an element matching `selector` first appears (performance.now(),
 * which counts from the navigation's start).
 */
function watchFor(selector) {
  const check = () => {
    if (window.__contentAt === undefined && document.querySelector(selector)) {
      window.__contentAt = performance.now();
    }
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true });
  check();
}

/**
 * Milliseconds from navigation to `content` in a fresh browser context, `cookie` (`name=value`)
 * set when given. Throws when the page ends elsewhere (a signed-in page sent to sign-in).
 */
export async function timeToContent(browser, { base, path, content, cookie, viewport }) {
  const context = await browser.newContext({ viewport });
  try {
    if (cookie) {
      const [name, ...value] = cookie.split('=');
      await context.addCookies([{ name, value: value.join('='), url: base }]);
    }
    const page = await context.newPage();
    await page.addInitScript(watchFor, content);
    const response = await page.goto(base + path);
    if (!response?.ok()) throw new Error(`${path} answered ${response?.status()}`);
    await page.waitForFunction(() => window.__contentAt !== undefined, null, { timeout: 30_000 });
    const expected = new URL(base + path).pathname;
    if (new URL(page.url()).pathname !== expected) {
      throw new Error(`${path} ended at ${page.url()}`);
    }
    return await page.evaluate(() => window.__contentAt);
  } finally {
    await context.close();
  }
}

export const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/** Signed-in pages should show their content within this long of navigation, cold cache. */
export const TIME_TO_CONTENT_GOAL_MS = 500;

/**
 * Time to content of the catalogue (the baseline, signed out), the buyer's My Orders and the
 * admin's product dashboard, each the median of `runs` cold openings at 1366×768.
 */
export async function measureTimeToContent(browser, { base, productId, runs, log }) {
  const buyer = await buyerWithAnOrder(base, productId);
  const admin = await signIn(base, BENCH_ADMIN);
  const viewport = { width: 1366, height: 768 };
  const pages = [
    { name: 'Catalogue', path: '/store/products', content: 'ul[aria-label="Products"] li' },
    {
      name: 'My Orders (buyer)',
      path: '/store/my-orders',
      content: 'main table tbody tr',
      cookie: buyer,
      goal: true,
    },
    {
      name: 'Product dashboard (admin)',
      path: '/store/dashboard',
      content: 'main table tbody tr[data-id]',
      cookie: admin,
      goal: true,
    },
  ];
  // One opening each first, not counted: the store's own first answers (a lazily loaded
  // renderer, cold database pages) are not what a browser's cold cache costs.
  for (const page of pages) await timeToContent(browser, { base, viewport, ...page });
  for (const page of pages) {
    log(`web: time to content of ${page.path} (${runs} cold openings)`);
    const times = [];
    for (let run = 0; run < runs; run += 1) {
      times.push(await timeToContent(browser, { base, viewport, ...page }));
    }
    page.ms = median(times);
  }
  return pages;
}
