/** Machine-readable error codes carried next to every error message. */
export const ErrorCode = {
  badRequest: 'BAD_REQUEST',
  validation: 'VALIDATION_ERROR',
  unauthorized: 'UNAUTHORIZED',
  forbidden: 'FORBIDDEN',
  notFound: 'NOT_FOUND',
  conflict: 'CONFLICT',
  gone: 'GONE',
  rangeNotSatisfiable: 'RANGE_NOT_SATISFIABLE',
  payloadTooLarge: 'PAYLOAD_TOO_LARGE',
  unsupportedMediaType: 'UNSUPPORTED_MEDIA_TYPE',
  // The request named a host this store does not answer to (421 Misdirected Request).
  misdirected: 'MISDIRECTED_REQUEST',
  tooManyRequests: 'TOO_MANY_REQUESTS',
  insufficientStorage: 'INSUFFICIENT_STORAGE',
  requestTimeout: 'REQUEST_TIMEOUT',
  internal: 'INTERNAL_ERROR',
  badGateway: 'BAD_GATEWAY',
  unavailable: 'SERVICE_UNAVAILABLE',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];
