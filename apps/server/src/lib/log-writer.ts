import fs from 'node:fs';

/** Lines are written together once this much waits, */
const BATCH_BYTES = 16 * 1024;
/** or once the first of them has waited this long. */
const BATCH_MS = 20;
/** Lines held at most while the output is slower than the log; past it, lines are dropped (counted). */
const MAX_PENDING_BYTES = 16 * 1024 * 1024;
/** How long to wait before writing again to an output that is full for now (a non-blocking pipe). */
const RETRY_MS = 10;

/**
 * The log's way to standard output: lines gather and go out together, in one write off the event
 * loop per 16 KiB or 20 ms. A write per line (a synchronous system call as process.stdout makes
 * for a file or a pipe, or a trip to the thread pool) cost more than building the line.
 * Order is kept: every line, and any other text, goes through this one writer.
 */
export function createLogWriter(fd: number) {
  let pending: string[] = [];
  let pendingBytes = 0;
  let dropped = 0;
  let writing = false;
  let timer: NodeJS.Timeout | undefined;
  const whenDrained: Array<() => void> = [];

  function takePending(): Buffer {
    if (dropped > 0) {
      pending.push(droppedNotice(dropped));
      dropped = 0;
    }
    const data = Buffer.from(pending.join(''));
    pending = [];
    pendingBytes = 0;
    return data;
  }

  /** Writes what waits now, or, with nothing waiting, tells whoever waits for the drain. */
  function writeNow() {
    clearTimeout(timer);
    timer = undefined;
    if (pending.length === 0 && dropped === 0) {
      writing = false;
      for (const resolve of whenDrained.splice(0)) resolve();
      return;
    }
    writing = true;
    writeOut(takePending());
  }

  /** After a write, or a new line: write at once, later, or not at all. */
  function schedule() {
    if (writing) return;
    if (pendingBytes >= BATCH_BYTES || whenDrained.length > 0) writeNow();
    else if (pending.length > 0 && !timer) timer = setTimeout(writeNow, BATCH_MS).unref();
  }

  function writeOut(data: Buffer) {
    fs.write(fd, data, 0, data.length, null, (error, written) => {
      if (error?.code === 'EAGAIN') {
        setTimeout(() => writeOut(data), RETRY_MS);
        return;
      }
      // An output that is gone (a closed pipe) loses the log, not the store.
      if (!error && written < data.length) return writeOut(data.subarray(written));
      writing = false;
      if (pending.length === 0 && dropped === 0) writeNow();
      else schedule();
    });
  }

  return {
    /** Queues `text` (whole lines) for the output. */
    write(text: string) {
      if (pendingBytes > MAX_PENDING_BYTES) {
        dropped += 1;
        return;
      }
      pending.push(text);
      pendingBytes += text.length;
      schedule();
    },

    /** Resolves once everything queued so far is written (it is written now). */
    drained(): Promise<void> {
      if (!writing && pending.length === 0 && dropped === 0) return Promise.resolve();
      const done = new Promise<void>((resolve) => whenDrained.push(resolve));
      schedule();
      return done;
    },

    /**
     * Writes what is still queued now, synchronously: for an exit that cannot wait. A write
     * already under way finishes on its own, before the process is gone.
     */
    flushSync() {
      clearTimeout(timer);
      if (pending.length === 0 && dropped === 0) return;
      const data = takePending();
      try {
        fs.writeSync(fd, data);
      } catch {
        // Nothing more can be done for the log at exit.
      }
    },
  };
}

export type LogWriter = ReturnType<typeof createLogWriter>;

function droppedNotice(count: number): string {
  return `${JSON.stringify({
    level: 40,
    time: Date.now(),
    pid: process.pid,
    msg: `${count} log lines were dropped: the log's output did not keep up`,
  })}\n`;
}
