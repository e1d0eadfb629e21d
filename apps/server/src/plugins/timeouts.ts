import { ErrorCode, type ErrorBody } from '@bindery/shared';
import type { ServerOptions } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';

/** Routes that may take as long as they keep sending: their own idle timeout bounds them. */
const LONG_REQUEST_PREFIX = '/api/uploads/';

/**
 * The server's own limits, for slow clients holding connections open (slowloris): headers must
 * arrive within `headersTimeoutMs` (checked every second), a connection that sends and receives
 * nothing for the upload idle timeout is closed, and an idle keep-alive connection is closed
 * after `keepAliveTimeoutMs`. Node's whole-request timeout would also cut long uploads, so it is
 * off; `registerRequestTimeout` bounds every other route instead.
 */
export function serverTimeouts(config: Pick<Config, 'http' | 'uploads'>): {
  requestTimeout: number;
  connectionTimeout: number;
  keepAliveTimeout: number;
  http: ServerOptions;
} {
  return {
    requestTimeout: 0,
    connectionTimeout: config.uploads.idleTimeoutMs,
    keepAliveTimeout: config.http.keepAliveTimeoutMs,
    http: {
      headersTimeout: config.http.headersTimeoutMs,
      connectionsCheckingInterval: Math.min(1000, config.http.headersTimeoutMs),
    },
  };
}

/**
 * A request (other than an upload) whose body has not fully arrived within `requestTimeoutMs`
 * of its headers is answered 408 `{ message, code }` and its connection closed.
 */
export function registerRequestTimeout(
  app: FastifyInstance,
  config: Pick<Config, 'http' | 'uploads'>,
) {
  const ms = config.http.requestTimeoutMs;
  const timers = new WeakMap<object, NodeJS.Timeout>();
  const clear = async (request: { raw: object }) => clearTimeout(timers.get(request.raw));
  app.addHook('onRequest', async (request, reply) => {
    if (request.url.startsWith(LONG_REQUEST_PREFIX)) {
      // Once the whole upload has arrived, making image variants may keep the connection silent
      // for a while: that is our work, not a stalled client. The idle limit returns after the answer.
      // (Requests made in-process, without a network socket, have nothing to adjust.)
      const socket = request.raw.socket as Partial<typeof request.raw.socket> | undefined;
      if (typeof socket?.setTimeout !== 'function') return;
      request.raw.once('end', () => socket.setTimeout?.(0));
      reply.raw.once('close', () => {
        if (!socket.destroyed) socket.setTimeout?.(config.uploads.idleTimeoutMs);
      });
      return;
    }
    // Without a body (most GETs) there is nothing to wait for: no timer at all.
    const hasBody =
      request.headers['content-length'] !== undefined ||
      request.headers['transfer-encoding'] !== undefined;
    if (!hasBody) return;
    const timer = setTimeout(() => {
      if (reply.raw.headersSent) return;
      request.log.warn({ ms }, 'request body not received in time: closing the connection');
      const body: ErrorBody = {
        message: 'The request took too long to arrive.',
        code: ErrorCode.requestTimeout,
      };
      const text = JSON.stringify(body);
      reply.raw.writeHead(408, {
        'content-type': 'application/json; charset=utf-8',
        'content-length': Buffer.byteLength(text),
        connection: 'close',
      });
      reply.raw.end(text, () => request.raw.socket?.destroy());
    }, ms);
    timer.unref();
    timers.set(request.raw, timer);
  });
  // The body has arrived (or there was none): what follows, such as a long download, is not bound.
  app.addHook('preHandler', clear);
  app.addHook('onResponse', clear);
  app.addHook('onRequestAbort', clear);
}
