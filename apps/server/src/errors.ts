import { ErrorCode } from '@bindery/shared';

/** The one error type services throw; the error handler turns it into `{ message, code, errors? }`. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly fieldErrors?: Record<string, string[]>,
    /** Extra response headers, such as Retry-After. */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }

  static badRequest(message: string, fieldErrors?: Record<string, string[]>) {
    return new AppError(400, ErrorCode.badRequest, message, fieldErrors);
  }
  static unauthorized(message: string) {
    return new AppError(401, ErrorCode.unauthorized, message);
  }
  static forbidden(message: string) {
    return new AppError(403, ErrorCode.forbidden, message);
  }
  static notFound(message: string) {
    return new AppError(404, ErrorCode.notFound, message);
  }
  static conflict(message: string) {
    return new AppError(409, ErrorCode.conflict, message);
  }
  static gone(message: string) {
    return new AppError(410, ErrorCode.gone, message);
  }
  /** A service we depend on (the payment provider) refused or failed; the message is ours. */
  static badGateway(message: string) {
    return new AppError(502, ErrorCode.badGateway, message);
  }
  static unavailable(message: string, retryAfterSeconds: number) {
    return new AppError(503, ErrorCode.unavailable, message, undefined, {
      'retry-after': String(retryAfterSeconds),
    });
  }
  static tooManyRequests(message: string, retryAfterSeconds: number) {
    return new AppError(429, ErrorCode.tooManyRequests, message, undefined, {
      'retry-after': String(retryAfterSeconds),
    });
  }
}
