import { ErrorCode, type ErrorBody } from '@bindery/shared';
import type { z } from 'zod';

export const API_BASE = '/api';

/** Message of an ApiError when the server gave none we can show. */
export const GENERIC_ERROR_MESSAGE = 'Something went wrong. Please try again.';

/** Codes for failures that never reached a readable server answer. */
export const ClientErrorCode = {
  network: 'NETWORK_ERROR',
  invalidResponse: 'INVALID_RESPONSE',
  unknown: 'UNKNOWN_ERROR',
} as const;

/** The one error every API call throws: status 0 when no usable answer came back. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: string;
  readonly fieldErrors: Record<string, string[]>;
  /** The message the server sent, when it sent one; screens show it or their own fallback. */
  readonly serverMessage: string | undefined;

  constructor(options: {
    status: number;
    code: string;
    serverMessage?: string | undefined;
    fieldErrors?: Record<string, string[]> | undefined;
    cause?: unknown;
  }) {
    super(options.serverMessage ?? GENERIC_ERROR_MESSAGE, { cause: options.cause });
    this.status = options.status;
    this.code = options.code;
    this.serverMessage = options.serverMessage;
    this.fieldErrors = options.fieldErrors ?? {};
  }
}

/** The server's message for this error, or the screen's fallback text. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.serverMessage ? error.serverMessage : fallback;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

interface RequestOptions<T> {
  /**
   * Validates the success body. Screens of the first view pass none and read the body as the
   * contract's type: the server shapes every answer with the same shared schema, and leaving the
   * check out keeps Zod out of the first scripts. Lazily loaded screens (admin, orders) validate.
   */
  schema?: z.ZodType<T>;
  body?: unknown;
  signal?: AbortSignal | undefined;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  return JSON.parse(text) as unknown;
}

/** True for the contract's error body, checked by hand: every screen needs it, Zod is lazy. */
function isErrorBody(body: unknown): body is ErrorBody {
  if (typeof body !== 'object' || body === null) return false;
  const { message, code, errors } = body as Record<string, unknown>;
  if (typeof message !== 'string' || typeof code !== 'string') return false;
  if (errors === undefined) return true;
  return (
    typeof errors === 'object' &&
    errors !== null &&
    !Array.isArray(errors) &&
    Object.values(errors).every(
      (list) => Array.isArray(list) && list.every((item) => typeof item === 'string'),
    )
  );
}

/** The ApiError for a failed answer, from its status and parsed body (also used by XHR uploads). */
export function apiErrorFromBody(status: number, body: unknown): ApiError {
  if (isErrorBody(body)) {
    return new ApiError({
      status,
      code: body.code,
      serverMessage: body.message || undefined,
      fieldErrors: body.errors,
    });
  }
  // A proxy or crash page: keep the status, but there is no message meant for people.
  return new ApiError({
    status,
    code: status >= 500 ? ErrorCode.internal : ClientErrorCode.unknown,
  });
}

async function toApiError(response: Response): Promise<ApiError> {
  let body: unknown;
  try {
    body = await readJson(response);
  } catch {
    body = undefined;
  }
  return apiErrorFromBody(response.status, body);
}

async function request<T>(method: Method, path: string, options: RequestOptions<T> = {}) {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const init: RequestInit = { method, headers, credentials: 'same-origin' };
  if (options.body instanceof FormData) {
    // Multipart uploads: the browser sets the Content-Type with its boundary.
    init.body = options.body;
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(options.body);
  }
  if (options.signal) init.signal = options.signal;

  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, init);
  } catch (cause) {
    // A cancelled request is not a failure; let the caller (TanStack Query) see the abort.
    if (options.signal?.aborted) throw cause;
    throw new ApiError({ status: 0, code: ClientErrorCode.network, cause });
  }

  if (!response.ok) throw await toApiError(response);

  let body: unknown;
  try {
    body = await readJson(response);
  } catch (cause) {
    throw new ApiError({ status: 0, code: ClientErrorCode.invalidResponse, cause });
  }
  if (!options.schema) return body as T;
  const parsed = options.schema.safeParse(body);
  if (!parsed.success) {
    throw new ApiError({ status: 0, code: ClientErrorCode.invalidResponse, cause: parsed.error });
  }
  return parsed.data;
}

/** The one HTTP client of the web app: same-origin cookies, JSON in and out, typed errors. */
export const apiClient = {
  get: <T>(path: string, options?: Omit<RequestOptions<T>, 'body'>) =>
    request<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions<T>, 'body'>) =>
    request<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions<T>, 'body'>) =>
    request<T>('PUT', path, { ...options, body }),
  patch: <T>(path: string, body?: unknown, options?: Omit<RequestOptions<T>, 'body'>) =>
    request<T>('PATCH', path, { ...options, body }),
  delete: <T>(path: string, options?: Omit<RequestOptions<T>, 'body'>) =>
    request<T>('DELETE', path, options),
};
