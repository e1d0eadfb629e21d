import { ErrorBodySchema, ErrorCode } from '@bindery/shared';
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
  /** Validates the success body; without it the body is ignored and the result is undefined. */
  schema?: z.ZodType<T>;
  body?: unknown;
  signal?: AbortSignal | undefined;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  return JSON.parse(text) as unknown;
}

/** The ApiError for a failed answer, from its status and parsed body (also used by XHR uploads). */
export function apiErrorFromBody(status: number, body: unknown): ApiError {
  const parsed = ErrorBodySchema.safeParse(body);
  if (parsed.success) {
    return new ApiError({
      status,
      code: parsed.data.code,
      serverMessage: parsed.data.message || undefined,
      fieldErrors: parsed.data.errors,
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
  if (!options.schema) return undefined as T;

  let body: unknown;
  try {
    body = await readJson(response);
  } catch (cause) {
    throw new ApiError({ status: 0, code: ClientErrorCode.invalidResponse, cause });
  }
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
