import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, expect, test } from 'vitest';
import { openDatabase } from './db/client.js';
import { testDb } from './test/build-test-app.js';
import {
  createProduct,
  isConnectionError,
  payCheckout,
  registerBuyer,
  requestDownloadLink,
  signIn,
  startCheckout,
} from './test/http-store.js';
import {
  ADMIN,
  createStoreData,
  killServer,
  startServer,
  type ServerProcess,
  type StoreData,
} from './test/server-process.js';
import { samplePdf } from './test/upload-samples.js';

/**
 * kill -9 during concurrent checkouts, on a real server process and real data (a SQLite data
 * directory, or a PostgreSQL database). Buyers start checkouts and pay them on the test
 * checkout's page; at a random moment the server is killed, restarted on the same data as if it
 * had been down for 31 minutes (so the start-up reconciliation owns every checkout that was in
 * flight), and the buyers retry until done. After every kill, with the server down:
 *  - the database opens (SQLite: integrity_check on a copy of the files);
 *  - every checkout a buyer saw paid is a paid order with exactly one transition to paid;
 *  - no order was paid twice, no checkout paid for two orders;
 * and after the restart, the reconciliation pays every order whose payment the provider took
 * but the store had not applied (a "gap") before any buyer is let back in.
 *
 * In `npm test`: FAULT_CYCLES_DEFAULT cycles. On demand, e.g.
 *   FAULT_CYCLES=20 npx vitest run --project sqlite src/crash-recovery.test.ts
 * (FAULT_BUYERS sets the number of concurrent buyers, FAULT_SEED the kill moments.)
 */
const FAULT_CYCLES_DEFAULT = 3;
const CYCLES = Number(process.env.FAULT_CYCLES ?? FAULT_CYCLES_DEFAULT);
const BUYERS = Number(process.env.FAULT_BUYERS ?? 6);
const SEED = Number(process.env.FAULT_SEED ?? Date.now() % 1_000_000);
/** Longer than a checkout session (30 minutes): every open checkout has ended at restart. */
const DOWNTIME_MS = 31 * 60 * 1000;

interface Checkout {
  buyer: number;
  sessionId: string;
  /** The pay form answered 303 (paid) or 409 (already paid, by a try whose answer was lost). */
  sawPaid: boolean;
  /** The success page handed out a download link. */
  gotLink: boolean;
  /** Its session ended while the server was down; the buyer started another. */
  expired: boolean;
}

/** Lets buyers through while the server is up; holds them while it is down or reconciling. */
class Gate {
  private url: string | undefined;
  private waiters: Array<(url: string) => void> = [];
  open(url: string) {
    this.url = url;
    for (const wake of this.waiters.splice(0)) wake(url);
  }
  close() {
    this.url = undefined;
  }
  wait(): Promise<string> {
    const url = this.url;
    return url ? Promise.resolve(url) : new Promise((resolve) => this.waiters.push(resolve));
  }
}

/** A small seeded generator, so a failing run's kill moments can be replayed with FAULT_SEED. */
function seededRandom(seed: number) {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 0x1_0000_0000;
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const servers: ServerProcess[] = [];
const stores: StoreData[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await killServer(server);
  for (const store of stores.splice(0)) await store.remove();
});

/** What the database holds about the money path, read while the server is down. */
async function readStore(store: StoreData) {
  let copyDir: string | undefined;
  let integrity = 'ok';
  let handle;
  if (testDb === 'sqlite') {
    // A copy, so the restarted server (not this check) is the one that recovers the real files.
    copyDir = mkdtempSync(path.join(os.tmpdir(), 'bindery-crash-copy-'));
    for (const name of ['bindery.db', 'bindery.db-wal', 'bindery.db-shm']) {
      const file = path.join(store.dataDir, name);
      if (existsSync(file)) copyFileSync(file, path.join(copyDir, name));
    }
    handle = openDatabase({ kind: 'sqlite', filename: path.join(copyDir, 'bindery.db') });
    const rows = await sql<Record<string, string>>`pragma integrity_check`.execute(handle.db);
    integrity = rows.rows.map((row) => Object.values(row).join(' ')).join('; ');
  } else {
    handle = openDatabase({ kind: 'postgres', url: store.databaseUrl });
  }
  try {
    const [orders, paid, sessions] = await Promise.all([
      handle.db.selectFrom('orders').select(['id', 'userId', 'status']).execute(),
      handle.db
        .selectFrom('orderTransitions')
        .select(['orderId', 'reason'])
        .where('toStatus', '=', 'paid')
        .execute(),
      handle.db
        .selectFrom('testCheckoutSessions')
        .select(['id', 'orderId', 'paymentStatus'])
        .execute(),
    ]);
    return { integrity, orders, paid, sessions };
  } finally {
    await handle.close();
    if (copyDir) rmSync(copyDir, { recursive: true, force: true });
  }
}

/** The invariants over what the buyers saw and what the database holds. */
function check(view: Awaited<ReturnType<typeof readStore>>, checkouts: Checkout[]) {
  const orderById = new Map(view.orders.map((order) => [order.id, order]));
  const sessionById = new Map(view.sessions.map((session) => [session.id, session]));
  const paidTransitions = new Map<string, number>();
  for (const row of view.paid) {
    paidTransitions.set(row.orderId, (paidTransitions.get(row.orderId) ?? 0) + 1);
  }
  const paidSessionsPerOrder = new Map<string, number>();
  for (const session of view.sessions.filter((s) => s.paymentStatus === 'paid')) {
    paidSessionsPerOrder.set(session.orderId, (paidSessionsPerOrder.get(session.orderId) ?? 0) + 1);
  }
  const lost = checkouts
    .filter((checkout) => checkout.sawPaid || checkout.gotLink)
    .filter((checkout) => {
      const order = orderById.get(sessionById.get(checkout.sessionId)?.orderId ?? '');
      return order?.status !== 'paid' || paidTransitions.get(order.id) !== 1;
    })
    .map((checkout) => checkout.sessionId);
  const doubled = [
    ...[...paidTransitions].filter(([, count]) => count > 1).map(([id]) => id),
    ...[...paidSessionsPerOrder].filter(([, count]) => count > 1).map(([id]) => id),
  ];
  // The provider has the money, the store has not applied it (yet).
  const gaps = view.sessions
    .filter((session) => session.paymentStatus === 'paid')
    .filter((session) => orderById.get(session.orderId)?.status !== 'paid')
    .map((session) => ({ sessionId: session.id, orderId: session.orderId }));
  return { lost, doubled, gaps };
}

test(
  `kill -9 during concurrent checkouts: ${CYCLES} cycles lose and double no paid order (${testDb})`,
  { timeout: 90_000 + CYCLES * 30_000 },
  async () => {
    const random = seededRandom(SEED);
    const store = await createStoreData('bindery-crash');
    stores.push(store);
    let server = await startServer(store);
    servers.push(server);

    const adminCookie = await signIn(server.url, ADMIN.email, ADMIN.password);
    const products = await Promise.all(
      ['First', 'Second'].map((title, index) =>
        createProduct(
          server.url,
          adminCookie,
          { data: samplePdf({ text: title }), fileName: `${title}.pdf` },
          { title, price: 5 + index },
        ),
      ),
    );
    const buyers: string[] = [];
    for (let index = 0; index < BUYERS; index += 1) {
      buyers.push(await registerBuyer(server.url, `crash-buyer-${index}@example.com`));
    }

    const gate = new Gate();
    const checkouts: Checkout[] = [];
    const counts = { lostAnswers: 0, reconciled: 0 };
    let stopping = false;

    /** One call to the server, again after every lost answer (the server died under it). */
    async function call<T>(request: (baseUrl: string) => Promise<T>): Promise<T> {
      for (let tries = 0; ; tries += 1) {
        const baseUrl = await gate.wait();
        try {
          return await request(baseUrl);
        } catch (error) {
          if (!isConnectionError(error) || tries > 200) throw error;
          counts.lostAnswers += 1;
          await sleep(20);
        }
      }
    }

    async function purchase(buyer: number, productId: string) {
      const cookie = buyers[buyer]!;
      const { sessionId } = await call((url) => startCheckout(url, cookie, productId));
      const checkout: Checkout = {
        buyer,
        sessionId,
        sawPaid: false,
        gotLink: false,
        expired: false,
      };
      checkouts.push(checkout);
      const paid = await call((url) => payCheckout(url, sessionId));
      if (paid === 410) {
        checkout.expired = true;
        return;
      }
      expect([303, 409], `pay ${sessionId}`).toContain(paid);
      checkout.sawPaid = true;
      for (let tries = 0; !checkout.gotLink; tries += 1) {
        const link = await call((url) => requestDownloadLink(url, cookie, sessionId));
        if (link.status === 200) checkout.gotLink = true;
        else if (link.status !== 409 || tries > 100) {
          throw new Error(`download link for ${sessionId}: ${link.status}`);
        } else await sleep(50);
      }
    }

    const buying = buyers.map(async (_cookie, buyer) => {
      for (let round = 0; !stopping; round += 1) {
        await purchase(buyer, products[(buyer + round) % products.length]!._id);
      }
    });
    // A buyer's failure ends the test at once rather than when the cycles are over.
    const buyersDone = Promise.all(buying);
    buyersDone.catch(() => undefined);

    const cycles: Array<{ checkouts: number; gaps: number }> = [];
    gate.open(server.url);
    for (let cycle = 1; cycle <= CYCLES; cycle += 1) {
      await Promise.race([sleep(300 + random() * 1_200), buyersDone]);
      gate.close();
      server.child.kill('SIGKILL');
      await server.exited;

      const atKill = await readStore(store);
      const found = check(atKill, checkouts);
      expect(atKill.integrity, `cycle ${cycle}: integrity`).toBe('ok');
      expect(found.lost, `cycle ${cycle}: paid checkouts lost at the kill`).toEqual([]);
      expect(found.doubled, `cycle ${cycle}: orders paid twice`).toEqual([]);

      server = await startServer(store, { clockOffsetMs: cycle * DOWNTIME_MS });
      servers.push(server);
      // Buyers stay out until the start-up reconciliation has applied every gap.
      for (const gap of found.gaps) {
        const owner = checkouts.find((checkout) => checkout.sessionId === gap.sessionId);
        expect(owner, `the buyer of ${gap.sessionId}`).toBeDefined();
        await waitForPaid(server.url, buyers[owner!.buyer]!, gap.orderId);
      }
      counts.reconciled += found.gaps.length;
      cycles.push({ checkouts: checkouts.length, gaps: found.gaps.length });
      gate.open(server.url);
    }

    stopping = true;
    await buyersDone;
    server.child.kill('SIGTERM');
    expect(await server.exited, server.output().slice(-2_000)).toBe(0);

    const final = await readStore(store);
    const end = check(final, checkouts);
    expect(final.integrity).toBe('ok');
    expect(end).toEqual({ lost: [], doubled: [], gaps: [] });
    // Every gap was closed by the start-up reconciliation, not by a buyer coming back.
    const reasons = new Map(final.paid.map((row) => [row.orderId, row.reason]));
    const gapOrders = new Set<string>();
    for (const order of final.orders) {
      if (reasons.get(order.id) === 'reconciliation') gapOrders.add(order.id);
    }
    expect(gapOrders.size).toBe(counts.reconciled);

    const paidSeen = checkouts.filter((c) => c.sawPaid).length;
    console.info(
      `kill -9 (${testDb}, seed ${SEED}): ${CYCLES} cycles, ${BUYERS} buyers, ` +
        `${checkouts.length} checkouts, ${paidSeen} paid, ` +
        `${checkouts.filter((c) => c.expired).length} expired while down, ` +
        `${counts.lostAnswers} answers lost, ${counts.reconciled} gaps closed by reconciliation, ` +
        `0 lost, 0 doubled; per cycle ${JSON.stringify(cycles)}`,
    );
  },
);

/** Polls the buyer's My Orders (read only) until the order reads paid. */
async function waitForPaid(baseUrl: string, cookie: string, orderId: string) {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const response = await fetch(`${baseUrl}/api/orders/myorders?limit=10`, {
      headers: { cookie },
      signal: AbortSignal.timeout(5_000),
    });
    const { purchases } = (await response.json()) as {
      purchases: Array<{ _id: string; status: string }>;
    };
    const order = purchases.find((purchase) => purchase._id === orderId);
    if (order?.status === 'paid') return;
    if (Date.now() > deadline) {
      throw new Error(`reconciliation left order ${orderId} ${order?.status ?? 'unlisted'}`);
    }
    await sleep(100);
  }
}
