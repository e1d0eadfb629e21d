import { fork } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { StampJob, StampReply } from './stamp-worker.js';

export interface StampRunnerOptions {
  /** Stamps made at once; the rest wait their turn. */
  concurrency?: number;
  /** The child's V8 heap limit (--max-old-space-size), in MiB. */
  heapMiB?: number;
  /** A child still working after this is stopped and its PDF reported as too large. */
  timeoutMs?: number;
}

export interface StampRunner {
  run(job: StampJob): Promise<StampReply>;
  /** Stamps made so far by this runner (tests, the benchmark). */
  readonly runs: number;
}

/**
 * The child's script: beside this module when running from source (through tsx) or from tsc's
 * output, under `features/stamping/` when this module is inside the bundled `dist/store.js`.
 */
function workerScript(): { path: string; execArgv: string[] } {
  const candidates = [
    { url: new URL('./stamp-worker.js', import.meta.url), execArgv: [] },
    { url: new URL('./features/stamping/stamp-worker.js', import.meta.url), execArgv: [] },
    { url: new URL('./stamp-worker.ts', import.meta.url), execArgv: ['--import', 'tsx'] },
  ];
  for (const { url, execArgv } of candidates) {
    const path = fileURLToPath(url);
    if (existsSync(path)) return { path, execArgv };
  }
  throw new Error('the PDF stamping script is missing from the build');
}

/**
 * Stamps PDFs in child processes with a bounded heap, `concurrency` at a time, queued: pdf-lib
 * holds a whole document in memory, which the server's own process must never do (decision 038).
 */
export function createStampRunner({
  concurrency = 1,
  heapMiB = 384,
  timeoutMs = 5 * 60_000,
}: StampRunnerOptions = {}): StampRunner {
  const waiting: Array<() => void> = [];
  let active = 0;
  let runs = 0;

  async function turn(): Promise<void> {
    if (active < concurrency) {
      active += 1;
      return;
    }
    await new Promise<void>((resolve) => waiting.push(resolve));
  }
  function done() {
    const next = waiting.shift();
    if (next) next();
    else active -= 1;
  }

  return {
    get runs() {
      return runs;
    },
    async run(job) {
      await turn();
      runs += 1;
      try {
        return await runChild(job, heapMiB, timeoutMs);
      } finally {
        done();
      }
    },
  };
}

function runChild(job: StampJob, heapMiB: number, timeoutMs: number): Promise<StampReply> {
  const script = workerScript();
  return new Promise((resolve) => {
    const child = fork(script.path, [], {
      execArgv: [...script.execArgv, `--max-old-space-size=${heapMiB}`],
      stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
      serialization: 'json',
    });
    let reply: StampReply | undefined;
    // Killed for running too long, out of heap, or crashed: the PDF is more than we stamp.
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    const settle = () => {
      clearTimeout(timer);
      resolve(reply ?? { ok: false, problem: 'too-large', maxRssBytes: 0 });
    };
    child.on('message', (message: StampReply) => (reply = message));
    child.on('error', () => {
      child.kill('SIGKILL');
      settle();
    });
    child.on('exit', settle);
    child.send(job);
  });
}
