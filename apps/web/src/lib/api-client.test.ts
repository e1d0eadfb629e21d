import { z } from 'zod';
import { describe, expect, test } from 'vitest';
import { htmlResponse, jsonResponse, stubFetch } from '../test/fetch';
import { ApiError, apiClient, errorMessage } from './api-client';

const PingSchema = z.object({ ok: z.boolean() });

async function caught(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!(error instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return error;
}

describe('apiClient', () => {
  test('sends JSON with same-origin cookies and returns the validated body', async () => {
    const bodies: unknown[] = [];
    const fetchMock = stubFetch({
      'POST /api/ping': async (request) => {
        bodies.push(await request.json());
        return jsonResponse({ ok: true, extra: 'dropped' });
      },
    });

    await expect(apiClient.post('/ping', { a: 1 }, { schema: PingSchema })).resolves.toEqual({
      ok: true,
    });
    expect(bodies).toEqual([{ a: 1 }]);
    expect(fetchMock).toHaveBeenCalledWith('/api/ping', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: '{"a":1}',
    });
  });

  test('sends FormData as it is, leaving the multipart Content-Type to the browser', async () => {
    const fetchMock = stubFetch({ 'POST /api/upload': () => jsonResponse({ ok: true }, 201) });
    const form = new FormData();
    form.append('image', new File(['x'], 'a.png', { type: 'image/png' }));

    await apiClient.post('/upload', form, { schema: PingSchema });

    expect(fetchMock).toHaveBeenCalledWith('/api/upload', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { Accept: 'application/json' },
      body: form,
    });
  });

  test('an error body becomes an ApiError with the server message, code and field errors', async () => {
    stubFetch({
      'POST /api/ping': () =>
        jsonResponse(
          { message: 'Invalid input', code: 'VALIDATION_ERROR', errors: { email: ['Bad'] } },
          400,
        ),
    });

    const error = await caught(apiClient.post('/ping', {}));

    expect(error).toMatchObject({
      status: 400,
      code: 'VALIDATION_ERROR',
      message: 'Invalid input',
      serverMessage: 'Invalid input',
      fieldErrors: { email: ['Bad'] },
    });
    expect(errorMessage(error, 'Fallback')).toBe('Invalid input');
  });

  test('a non-JSON error page keeps its status but has no message for people', async () => {
    stubFetch({ 'GET /api/ping': () => htmlResponse(502) });

    const error = await caught(apiClient.get('/ping', { schema: PingSchema }));

    expect(error.status).toBe(502);
    expect(error.serverMessage).toBeUndefined();
    expect(errorMessage(error, 'Fallback')).toBe('Fallback');
  });

  test('a network failure is an ApiError with status 0', async () => {
    stubFetch({
      'GET /api/ping': () => {
        throw new TypeError('Failed to fetch');
      },
    });

    const error = await caught(apiClient.get('/ping'));

    expect(error).toMatchObject({ status: 0, code: 'NETWORK_ERROR', serverMessage: undefined });
  });

  test('a success body that breaks the contract is an ApiError with status 0', async () => {
    stubFetch({ 'GET /api/ping': () => jsonResponse({ ok: 'yes' }) });

    const error = await caught(apiClient.get('/ping', { schema: PingSchema }));

    expect(error).toMatchObject({ status: 0, code: 'INVALID_RESPONSE' });
  });

  test('without a schema the body comes back as the server sent it, and empty is undefined', async () => {
    stubFetch({
      'GET /api/ping': () => jsonResponse({ ok: true, extra: 'kept' }),
      'DELETE /api/ping': () => new Response(null, { status: 204 }),
    });

    await expect(apiClient.get<{ ok: boolean }>('/ping')).resolves.toEqual({
      ok: true,
      extra: 'kept',
    });
    await expect(apiClient.delete('/ping')).resolves.toBeUndefined();
  });

  test('a success page that is not JSON is an ApiError with status 0, schema or not', async () => {
    stubFetch({ 'GET /api/ping': () => htmlResponse(200) });

    const error = await caught(apiClient.get('/ping'));

    expect(error).toMatchObject({ status: 0, code: 'INVALID_RESPONSE' });
  });

  test.each([
    ['the message is missing', { code: 'NOT_FOUND' }],
    ['a field error is not a list', { message: 'No', code: 'X', errors: { a: 'b' } }],
    ['a field error holds a number', { message: 'No', code: 'X', errors: { a: ['ok', 1] } }],
    ['the field errors are a list', { message: 'No', code: 'X', errors: [['b']] }],
  ])('an error body is not trusted when %s', async (_, body) => {
    stubFetch({ 'GET /api/ping': () => jsonResponse(body, 404) });

    const error = await caught(apiClient.get('/ping'));

    expect(error).toMatchObject({ status: 404, code: 'UNKNOWN_ERROR', serverMessage: undefined });
  });

  test('errorMessage uses the fallback for anything that is not an ApiError', () => {
    expect(errorMessage(new Error('internal detail'), 'Fallback')).toBe('Fallback');
  });
});
