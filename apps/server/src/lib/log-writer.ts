import fs from 'node:fs';

/** Lines held at most while the output is slower than the log; past it, lines are dropped (counted). */
const MAX_PENDING_BYTES = 16 * 1024 * 1024;
/** How long to wait before writing again to an output that is full for now (a non-blocking pipe). */
const RETRY_MS = 10;

/**
 * The log's way to standard output: lines gather while a write is under way and go out
 * together in the next one, off the event loop. Writing each line with its own synchronous
 * system call (what process.stdout does for a file or a pipe) cost more than building it.
 * Order is kept: every line, and any other text, goes through this one writer.
 */
export function createLogWriter(fd: number) {
  let pending: string[] = [];
  let pendingBytes = 0;
  let writing = false;
  let dropped = 0;
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

  function writeNext() {
    if (pending.length === 0 && dropped === 0) {
      writing = false;
      for (const resolve of whenDrained.splice(0)) resolve();
      return;
    }
    writing = true;
    writeOut(takePending());
  }

  function writeOut(data: Buffer) {
    fs.write(fd, data, 0, data.length, null, (error, written) => {
      if (error?.code === 'EAGAIN') {
        setTimeout(() => writeOut(data), RETRY_MS);
        return;
      }
      // An output that is gone (a closed pipe) loses the log, not the store.
      if (!error && written < data.length) return writeOut(data.subarray(written));
      writeNext();
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
      if (!writing) writeNext();
    },

    /** Resolves once everything queued so far is written. */
    drained(): Promise<void> {
      if (!writing) return Promise.resolve();
      return new Promise((resolve) => whenDrained.push(resolve));
    },

    /**
     * Writes what is still queued now, synchronously: for an exit that cannot wait. A write
     * already under way finishes on its own, before the process is gone.
     */
    flushSync() {
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
