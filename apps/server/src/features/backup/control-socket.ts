import { chmod, rm } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import type SqliteDatabase from 'better-sqlite3';
import { z } from 'zod';
import { BackupError } from './backup-error.js';
import { backupStore, sqliteSnapshot, type BackupResult } from './backup.js';

/**
 * The running store's control socket: `npm run backup` asks the store itself for the snapshot,
 * because the store holds SQLite's exclusive lock for its whole life (decision 003) and no other
 * process can read the database meanwhile. One request per connection, one JSON line:
 * `{"command":"backup","target":"/absolute/dir"}`; the answer is JSON lines, each step's
 * `{"type":"line"}`, then one `done`, `refused` or `failed`.
 *
 * Only the store's user can connect: the socket is 0600 inside the 0700 data directory.
 */

export const CONTROL_SOCKET_FILE = 'control.sock';
/** A Unix socket's path fits in 108 bytes on Linux (104 elsewhere), its closing NUL included. */
const MAX_SOCKET_PATH_BYTES = process.platform === 'linux' ? 107 : 103;
/** The request must arrive this soon after connecting. */
const REQUEST_TIMEOUT_MS = 10_000;
const MAX_REQUEST_BYTES = 16 * 1024;
/** On shutdown, a client that does not hang up after its answer is cut off after this long. */
const CLOSE_GRACE_MS = 1000;

export function controlSocketPath(dataDir: string): string {
  return path.join(dataDir, CONTROL_SOCKET_FILE);
}

export function isSocketPathTooLong(socketPath: string): boolean {
  return Buffer.byteLength(socketPath) > MAX_SOCKET_PATH_BYTES;
}

export function socketPathTooLongMessage(socketPath: string): string {
  return (
    `the control socket's path ${socketPath} is ${Buffer.byteLength(socketPath)} bytes, longer ` +
    `than a Unix socket allows (${MAX_SOCKET_PATH_BYTES})`
  );
}

const RequestSchema = z.object({ command: z.literal('backup'), target: z.string().min(1) });

type Answer =
  | { type: 'line'; text: string }
  | { type: 'done'; result: BackupResult }
  | { type: 'refused'; message: string }
  | { type: 'failed'; message: string };

interface Log {
  info(message: string): void;
  warn(message: string): void;
  error(details: object, message: string): void;
}

export interface ControlSocket {
  /** Stops a backup in progress (removing what it wrote), closes the socket and removes its file. */
  close(): Promise<void>;
}

/**
 * Listens on `<dataDir>/control.sock`. A path too long for a Unix socket leaves the store
 * serving without one (undefined), and says so: backups then need the store stopped.
 */
export async function openControlSocket(options: BackupDeps): Promise<ControlSocket | undefined> {
  const { dataDir, log } = options;
  const socketPath = controlSocketPath(dataDir);
  if (isSocketPathTooLong(socketPath)) {
    log.warn(
      `Backups while the store runs are off: ${socketPathTooLongMessage(socketPath)}. ` +
        'Set DATA_DIR to a shorter path, or stop the store to run npm run backup.',
    );
    return undefined;
  }
  // This process holds the data directory's lock, so a socket file found here is a crash's leftover.
  await rm(socketPath, { force: true });

  const state: BackupState = { closing: false, running: undefined };
  const connections = new Set<net.Socket>();

  const server = net.createServer((socket) => {
    connections.add(socket);
    socket.on('close', () => connections.delete(socket));
    readOneRequest(socket, (line) => runBackup(state, options, socket, line));
  });
  try {
    await listen(server, socketPath);
    await chmod(socketPath, 0o600);
  } catch (error) {
    // The store serves all the same; only backups need it stopped.
    server.close();
    await rm(socketPath, { force: true }).catch(() => {});
    log.warn(
      `Backups while the store runs are off: cannot listen on ${socketPath} ` +
        `(${(error as Error).message}). Stop the store to run npm run backup.`,
    );
    return undefined;
  }

  return {
    async close() {
      state.closing = true;
      state.running?.controller.abort(
        new BackupError(
          'The store is shutting down: the backup was stopped and its files removed.',
        ),
      );
      await state.running?.done;
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      const cutOff = setTimeout(() => {
        for (const socket of connections) socket.destroy();
      }, CLOSE_GRACE_MS);
      await closed;
      clearTimeout(cutOff);
      await rm(socketPath, { force: true });
    },
  };
}

interface BackupState {
  closing: boolean;
  running: { controller: AbortController; done: Promise<void> } | undefined;
}

interface BackupDeps {
  dataDir: string;
  connection: SqliteDatabase.Database;
  filesInBucket: boolean;
  log: Log;
}

/** Runs one request: a backup, unless the store is closing or already running one. */
async function runBackup(
  state: BackupState,
  { dataDir, connection, filesInBucket, log }: BackupDeps,
  socket: net.Socket,
  line: string,
) {
  const send = (answer: Answer) => {
    if (!socket.destroyed) socket.write(`${JSON.stringify(answer)}\n`);
  };
  let request: z.infer<typeof RequestSchema>;
  try {
    request = RequestSchema.parse(JSON.parse(line));
  } catch {
    send({ type: 'refused', message: 'Not a request this store understands.' });
    return;
  }
  if (state.closing) {
    send({ type: 'refused', message: 'The store is shutting down: run the backup again later.' });
    return;
  }
  if (state.running) {
    send({ type: 'refused', message: 'A backup is already running in this store: wait for it.' });
    return;
  }
  const controller = new AbortController();
  // The command went away (Ctrl-C): stop, and remove what was written.
  socket.once('close', () => controller.abort(new BackupError('The backup command went away.')));
  let finished!: () => void;
  state.running = { controller, done: new Promise((resolve) => (finished = resolve)) };
  try {
    const result = await backupStore({
      dataDir,
      targetDir: request.target,
      filesInBucket,
      snapshot: sqliteSnapshot(connection, 'taken by the running store'),
      report: (text) => send({ type: 'line', text }),
      signal: controller.signal,
    });
    log.info(`backup written to ${result.targetDir}`);
    send({ type: 'done', result });
  } catch (error) {
    if (error instanceof BackupError) send({ type: 'refused', message: error.message });
    else {
      log.error({ err: error }, 'backup failed');
      send({ type: 'failed', message: `The backup failed: ${(error as Error).message}` });
    }
  } finally {
    state.running = undefined;
    finished();
  }
}

/** Reads the one request line of a connection, then hands it to `handle` and hangs up after. */
function readOneRequest(socket: net.Socket, handle: (line: string) => Promise<void>) {
  // A client that goes away is no error of the store's.
  socket.on('error', () => {});
  socket.setTimeout(REQUEST_TIMEOUT_MS, () => socket.destroy());
  let received = '';
  const onData = (chunk: Buffer) => {
    received += chunk.toString('utf8');
    const end = received.indexOf('\n');
    if (end === -1) {
      if (received.length > MAX_REQUEST_BYTES) socket.destroy();
      return;
    }
    socket.off('data', onData);
    socket.setTimeout(0);
    void handle(received.slice(0, end)).finally(() => socket.end());
  };
  socket.on('data', onData);
}

/** Resolves once the server listens on the socket file, rejects if it cannot. */
function listen(server: net.Server, socketPath: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

/**
 * Asks the store running on the socket for a backup, passing each step's line on; undefined
 * when no store listens there (none running, or a crash's leftover socket).
 */
export function requestBackup(
  socketPath: string,
  targetDir: string,
  onLine: (text: string) => void,
  signal?: AbortSignal,
): Promise<BackupResult | undefined> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(socketPath);
    // Hanging up stops the store's backup, which then removes what it wrote.
    signal?.addEventListener(
      'abort',
      () => {
        settle(() => reject(signal.reason));
        socket.destroy();
      },
      { once: true },
    );
    let connected = false;
    let settled = false;
    let received = '';
    const settle = (action: () => void) => {
      if (settled) return;
      settled = true;
      action();
      socket.end();
    };
    socket.on('connect', () => {
      connected = true;
      socket.write(`${JSON.stringify({ command: 'backup', target: targetDir })}\n`);
    });
    socket.on('data', (chunk: Buffer) => {
      received += chunk.toString('utf8');
      let end: number;
      while ((end = received.indexOf('\n')) !== -1) {
        const answer = JSON.parse(received.slice(0, end)) as Answer;
        received = received.slice(end + 1);
        if (answer.type === 'line') onLine(answer.text);
        else if (answer.type === 'done') settle(() => resolve(answer.result));
        else settle(() => reject(new BackupError(answer.message)));
      }
    });
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (!connected && (error.code === 'ENOENT' || error.code === 'ECONNREFUSED')) {
        settle(() => resolve(undefined));
      } else {
        settle(() => reject(new BackupError(`Lost the store's control socket: ${error.message}`)));
      }
    });
    socket.on('close', () =>
      settle(() =>
        reject(new BackupError('The store closed the control socket before the backup finished.')),
      ),
    );
  });
}
