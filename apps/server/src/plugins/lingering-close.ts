import type { IncomingMessage } from 'node:http';
import { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

/** How long, and how much, the store keeps reading a refused request's body before it closes. */
export interface LingerLimits {
  /** Body bytes read and discarded after the answer at most. */
  maxBytes: number;
  /** From the answer to the close at most (nginx's lingering_time). */
  maxMs: number;
  /** Without a byte from the client for this long, the connection is closed (lingering_timeout). */
  idleMs: number;
}

/**
 * nginx's defaults for the times (30 s, 5 s). The bytes: a refused JSON body (at most a few MB
 * past the 1 MB limit from a browser), and an image upload (10 MB) refused at its start, are read
 * whole; a client that sends more than this after its answer is cut off, as it would be without
 * lingering. Bytes are discarded as they arrive: a lingering connection holds no more memory
 * than any other.
 */
export const LINGER_LIMITS: LingerLimits = {
  maxBytes: 64 * 1024 * 1024,
  maxMs: 30_000,
  idleMs: 5_000,
};

/**
 * A refusal (4xx/5xx) sent while the request's body is still arriving is followed by a lingering
 * close, as nginx's `lingering_close`: the answer says `Connection: close`, the store closes its
 * sending side after it, and reads and discards what the client still sends, within
 * `limits`, before closing. Closing at once would leave the unread body in the socket, and the
 * system then resets the connection: a client still sending (Node's fetch, a browser) loses the
 * answer it was sent and reports a network error instead of the store's `{ message, code }`.
 */
export function registerLingeringClose(app: FastifyInstance, limits = LINGER_LIMITS) {
  const lingering = new Set<Socket>();
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode >= 400 && !request.raw.complete) {
      reply.header('connection', 'close');
      lingerAfterAnswer(request.raw, limits, lingering);
    }
    return payload;
  });
  // RFC 9112 §9.6: after an answer that closes the connection, no further request on it is run
  // (a client may have sent one right behind the refused body).
  app.addHook('onRequest', async (request, reply) => {
    if (!lingering.has(request.raw.socket)) return;
    reply.hijack();
    request.raw.socket.destroy();
  });
  // A shutdown does not wait for refused bodies: its answers were sent.
  app.addHook('preClose', async () => {
    for (const socket of lingering) socket.destroy();
  });
}

function lingerAfterAnswer(incoming: IncomingMessage, limits: LingerLimits, all: Set<Socket>) {
  const socket = incoming.socket;
  // Requests made in-process (inject) have no connection to linger on.
  if (!(socket instanceof Socket) || socket.destroyed) return;
  const close = () => socket.destroy();
  all.add(socket);
  socket.once('close', () => all.delete(socket));
  // Once the answer is out and the refused body has all arrived, the connection closes.
  let isAnswered = false;
  let isBodyDone = false;
  const closeOnceSent = () => {
    if (socket.writableFinished) close();
    else socket.once('finish', close);
  };
  incoming.once('end', () => {
    isBodyDone = true;
    if (isAnswered) closeOnceSent();
  });
  // Node ends an answer that says `Connection: close` with destroySoon(): instead, only this
  // side is ended (the client reads the end of the answer), and the body is read on.
  socket.destroySoon = () => {
    isAnswered = true;
    if (socket.writable) socket.end();
    if (isBodyDone) return closeOnceSent();
    const deadline = setTimeout(close, limits.maxMs);
    socket.once('close', () => clearTimeout(deadline));
    socket.setTimeout(limits.idleMs, close);
  };
  // Whatever parsed the body (JSON, multipart) is done with it: nothing buffers what follows.
  incoming.unpipe();
  let discarded = 0;
  incoming.on('data', (chunk: Buffer) => {
    discarded += chunk.length;
    if (discarded > limits.maxBytes) close();
  });
  incoming.resume();
}
