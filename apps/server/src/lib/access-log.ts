import os from 'node:os';
import { redactUrl, type LogRecord } from './log-format.js';

/** Where log lines go: pino's JSON lines, and the access log's. */
export interface LogStream {
  write(line: string): void;
  /**
   * A stream that shows lines its own way (LOG_FORMAT=pretty) takes a request's record as it is,
   * instead of a JSON line it would parse back.
   */
  writeRecord?(record: LogRecord): void;
}

/** Pino's check of a logger's level, which Fastify's logger type does not name. */
export function isInfoEnabled(log: object): boolean {
  const pino = log as { isLevelEnabled?: (level: string) => boolean };
  return pino.isLevelEnabled?.('info') ?? true;
}

/**
 * The access log: one line per answered request, written straight to the log's stream. The
 * line is the very one pino wrote through Fastify's request logger and serializers (same
 * fields, same order: level, time, pid, hostname, reqId, req, res, responseTime, kept, msg),
 * built as one string with no object or serializer per request; that work cost a third of the
 * catalogue page's rate. Failed requests still go through pino, with the error serialized.
 */
export function createAccessLog(stream: LogStream) {
  // Pino's base fields, as it writes them.
  const bindings = `,"pid":${process.pid},"hostname":${JSON.stringify(os.hostname())}`;

  return {
    /** Writes the line of a request answered with `statusCode` after `responseTime` ms. */
    completed(
      reqId: string,
      method: string,
      url: string,
      statusCode: number,
      responseTime: number,
      kept: boolean,
    ) {
      const time = Date.now();
      const safeUrl = redactUrl(url);
      if (stream.writeRecord) {
        const req = { method, url: safeUrl, reqId };
        const record = { level: 30, time, reqId, req, res: { statusCode }, responseTime };
        stream.writeRecord({ ...record, ...(kept ? { kept } : {}), msg: 'request completed' });
        return;
      }
      const id = JSON.stringify(reqId);
      stream.write(
        `{"level":30,"time":${time}${bindings},"reqId":${id},"req":{"method":${JSON.stringify(method)},"url":${JSON.stringify(safeUrl)},"reqId":${id}},"res":{"statusCode":${statusCode}},"responseTime":${responseTime}${kept ? ',"kept":true' : ''},"msg":"request completed"}\n`,
      );
    },
  };
}

export type AccessLog = ReturnType<typeof createAccessLog>;
