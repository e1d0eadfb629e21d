import { randomUUID } from 'node:crypto';
import Fastify, { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import type { DatabaseHandle } from '../db/client.js';
import { createSessionCookie } from '../plugins/session.js';
import {
  createAccessLog,
  isInfoEnabled,
  type AccessLog,
  type LogStream,
} from '../lib/access-log.js';
import { redactUrl } from '../lib/log-format.js';
import { clientErrorHandler, frameworkErrors } from '../plugins/error-handler.js';
import { createFastLane } from '../plugins/fast-lane.js';
import { securityHeadersFor } from '../plugins/security.js';
import { createStoreAddress } from '../plugins/store-address.js';
import { serverTimeouts } from '../plugins/timeouts.js';

/**
 * The access log writes one line per request, when it is answered, with the request, the status
 * and the time taken; not a second line when it arrives (that doubled the log and its cost).
 */
class OneLinePerRequest extends LogController {
  constructor(private readonly accessLog: AccessLog) {
    super();
  }

  override incomingRequest() {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ) {
    if (error) {
      const line = { req: request, res: reply, responseTime: reply.elapsedTime };
      reply.log.error({ ...line, err: error }, 'request errored');
    } else if (isInfoEnabled(reply.log)) {
      const { id, method, url } = request;
      this.accessLog.completed(id, method, url, reply.statusCode, reply.elapsedTime, false);
    }
  }
}

/**
 * The Fastify instance on its HTTP server, before any plugin or feature: logging, limits, the
 * fast lane, the route table and the database it closes with it.
 */
export function createHttpServer(config: Config, database: DatabaseHandle, logStream?: LogStream) {
  // Pino's lines and the access log's share one stream, so they come out in order.
  const stream = logStream ?? { write: (line: string) => void process.stdout.write(line) };
  const accessLog = createAccessLog(stream);
  // Kept public answers go out from the HTTP server itself, before Fastify's work per request.
  const lane = createFastLane({
    securityHeaders: securityHeadersFor(config),
    storeAddress: createStoreAddress(config),
    sessionCookieName: createSessionCookie(config).name,
  });
  const limits = serverTimeouts(config);
  const app = Fastify({
    serverFactory: (handler) => lane.createServer(handler, limits),
    logger: {
      level: config.logLevel,
      stream,
      // Download and password reset links are credentials for their lifetime: keep their
      // tokens out of the logs.
      serializers: {
        req: (request: { method: string; url: string; id: string }) => ({
          method: request.method,
          url: redactUrl(request.url),
          reqId: request.id,
        }),
      },
    },
    bodyLimit: 1024 * 1024,
    trustProxy: config.trustProxy,
    genReqId: () => randomUUID(),
    logController: new OneLinePerRequest(accessLog),
    return503OnClosing: true,
    ...limits,
    clientErrorHandler,
    frameworkErrors,
    // Long ids are answered 404 by the routes, not 414 by the router.
    routerOptions: { maxParamLength: 1000 },
  });
  app.addHook('onClose', () => database.close());
  lane.logTo(app.log, accessLog);
  app.addHook('preClose', async () => lane.close());
  // Every route, as registered: the guard test walks this table so no route escapes it.
  const routeTable: Array<{ method: string; url: string }> = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routeTable.push({ method, url: route.url });
  });
  app.decorate('database', database);
  database.onConnectionError((error) =>
    app.log.error({ err: error }, 'database connection lost; the next query reconnects'),
  );
  return { app, lane };
}

export type FastLane = ReturnType<typeof createHttpServer>['lane'];
