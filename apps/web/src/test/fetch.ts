import { vi } from 'vitest';

type Handler = (request: Request) => Response | Promise<Response>;

/**
 * Replaces the network: `routes` maps "METHOD /path" to a handler. A request nobody expected
 * fails the way a dropped connection does, and is listed in `unexpected` for assertions.
 */
export function stubFetch(routes: Record<string, Handler> = {}) {
  const unexpected: string[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    // jsdom's AbortSignal is not the one Node's Request accepts; the handlers do not need it.
    const { signal: _signal, ...rest } = init ?? {};
    const request = new Request(new URL(String(input), 'http://localhost'), rest);
    const key = `${request.method} ${new URL(request.url).pathname}`;
    const handler = routes[key];
    if (!handler) {
      unexpected.push(key);
      throw new TypeError(`Unexpected request: ${key}`);
    }
    return handler(request);
  });
  vi.stubGlobal('fetch', fetchMock);
  return Object.assign(fetchMock, { unexpected });
}

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/** What a proxy or crashed server sends: an HTML page instead of our JSON error body. */
export function htmlResponse(status: number): Response {
  return new Response('<html><body>Bad Gateway</body></html>', {
    status,
    headers: { 'Content-Type': 'text/html' },
  });
}

/** A response that arrives only when the test says so. */
export function deferredResponse() {
  let resolve!: (response: Response) => void;
  const promise = new Promise<Response>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}
