import { ErrorCode, type ErrorBody } from '@bindery/shared';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
} from 'fastify-type-provider-zod';
import { DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from '../db/errors.js';
import { AppError } from '../errors.js';

const INTERNAL_MESSAGE = 'Something went wrong on our side. Please try again later.';

/** Fastify's own client errors, with messages a person can act on. */
const FASTIFY_CLIENT_ERRORS: Record<string, { code: ErrorCode; message: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: {
    code: ErrorCode.payloadTooLarge,
    message: 'Request body is too large.',
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    code: ErrorCode.unsupportedMediaType,
    message: 'Unsupported content type.',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    code: ErrorCode.badRequest,
    message: 'Content-Length does not match the body.',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: ErrorCode.badRequest, message: 'Request body is empty.' },
  FST_ERR_CTP_INVALID_JSON_BODY: {
    code: ErrorCode.badRequest,
    message: 'Request body is not valid JSON.',
  },
};

/** The code that names a client-error status, for errors that bring only the status. */
function codeOfStatus(status: number): ErrorCode {
  switch (status) {
    case 401:
      return ErrorCode.unauthorized;
    case 403:
      return ErrorCode.forbidden;
    case 404:
      return ErrorCode.notFound;
    case 408:
      return ErrorCode.requestTimeout;
    case 409:
      return ErrorCode.conflict;
    case 410:
      return ErrorCode.gone;
    case 413:
      return ErrorCode.payloadTooLarge;
    case 415:
      return ErrorCode.unsupportedMediaType;
    case 416:
      return ErrorCode.rangeNotSatisfiable;
    case 429:
      return ErrorCode.tooManyRequests;
    default:
      return ErrorCode.badRequest;
  }
}

/**
 * The client closed its connection while its request was being read (Node's "aborted", a
 * stream closed early): the error names a reset, but of the client's connection, not the
 * database's.
 */
function isClientGone(error: FastifyError, request: FastifyRequest): boolean {
  const gone = request.raw.destroyed || request.raw.socket?.destroyed === true;
  return gone && (error.code === 'ECONNRESET' || error.code === 'ERR_STREAM_PREMATURE_CLOSE');
}

/** The one place that turns errors into `{ message, code, errors? }` responses. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fieldErrors: Record<string, string[]> = {};
      for (const issue of error.validation) {
        const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
        (fieldErrors[field] ??= []).push(issue.message ?? 'Invalid value');
      }
      const first = error.validation[0]?.message;
      const body: ErrorBody = {
        message: first ?? 'The request is not valid.',
        code: ErrorCode.validation,
        errors: fieldErrors,
      };
      return reply.code(400).send(body);
    }
    if (error instanceof AppError) {
      if (error.headers) reply.headers(error.headers);
      const body: ErrorBody = { message: error.message, code: error.code };
      if (error.fieldErrors) body.errors = error.fieldErrors;
      return reply.code(error.statusCode).send(body);
    }
    const status = error.statusCode ?? 500;
    // Only Fastify's own errors (and the JSON parser's) may speak to the client. Any other error
    // that carries a status, such as an SDK's answer from a payment provider, is unexpected here.
    const isFastifys =
      (typeof error.code === 'string' && error.code.startsWith('FST_')) ||
      error instanceof SyntaxError;
    if (isFastifys && status >= 400 && status < 500 && !isResponseSerializationError(error)) {
      const known = FASTIFY_CLIENT_ERRORS[error.code];
      // JSON syntax errors come from the parser itself, without a Fastify code.
      const isSyntax = error instanceof SyntaxError;
      const body: ErrorBody = {
        message: known?.message ?? (isSyntax ? 'Request body is not valid JSON.' : error.message),
        code: known?.code ?? codeOfStatus(status),
      };
      return reply.code(status).send(body);
    }
    if (isClientGone(error, request)) {
      // Not a fault of ours, and nobody is left to answer: one line, no stack.
      request.log.info({ code: error.code }, 'the client went away mid-request');
      return reply.code(400).send({
        message: 'The request was not received whole.',
        code: ErrorCode.badRequest,
      } satisfies ErrorBody);
    }
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error, reqId: request.id }, 'database unreachable');
      const body: ErrorBody = {
        message: DATABASE_UNAVAILABLE_MESSAGE,
        code: ErrorCode.unavailable,
      };
      return reply.code(503).header('retry-after', '5').send(body);
    }
    request.log.error({ err: error, reqId: request.id }, 'unhandled error');
    const unavailable = isFastifys && status === 503;
    return reply.code(unavailable ? 503 : 500).send({
      message: unavailable
        ? 'The service is temporarily unavailable. Please try again shortly.'
        : INTERNAL_MESSAGE,
      code: unavailable ? ErrorCode.unavailable : ErrorCode.internal,
    } satisfies ErrorBody);
  });

  app.setNotFoundHandler((request, reply) => {
    const body: ErrorBody = {
      message: `No route for ${request.method} ${(request.url.split('?')[0] ?? '').slice(0, 200)}.`,
      code: ErrorCode.notFound,
    };
    reply.code(404).send(body);
  });
}

/**
 * Malformed HTTP that never reaches a route (headers too large, Content-Length with
 * Transfer-Encoding, a broken request line, headers that stop arriving): answered in the same
 * `{ message, code }` shape as every other error, then the connection is closed.
 */
export function clientErrorHandler(
  this: FastifyInstance,
  error: Error & { code?: string },
  socket: Socket,
): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, body]: [number, ErrorBody] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, { message: 'The request took too long to arrive.', code: ErrorCode.requestTimeout }]
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, { message: 'The request headers are too large.', code: ErrorCode.badRequest }]
        : [400, { message: 'The request is not valid HTTP.', code: ErrorCode.badRequest }];
  this.log.debug({ err: error }, 'malformed request refused');
  if (socket.writable) {
    const text = JSON.stringify(body);
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(text)}\r\nConnection: close\r\n\r\n${text}`,
    );
  }
  socket.destroy();
}

/** Fastify's own routing errors (a URL it cannot decode, a parameter too long), in our shape. */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const body: ErrorBody =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? { message: 'No such resource.', code: ErrorCode.notFound }
      : error.code === 'FST_ERR_BAD_URL'
        ? { message: 'The request URL is not valid.', code: ErrorCode.badRequest }
        : { message: INTERNAL_MESSAGE, code: ErrorCode.internal };
  const status =
    body.code === ErrorCode.notFound ? 404 : body.code === ErrorCode.badRequest ? 400 : 500;
  if (status === 500) request.log.error({ err: error }, 'routing failed');
  void reply.code(status).send(body);
}
