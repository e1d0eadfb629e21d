import { ErrorCode } from '@bindery/shared';
import Fastify from 'fastify';
import { describe, expect, test } from 'vitest';
import { AppError } from '../errors.js';
import { registerErrorHandler } from './error-handler.js';

async function appThrowing(error: unknown) {
  const lines: string[] = [];
  const app = Fastify({
    logger: { level: 'error', stream: { write: (line) => lines.push(line) } },
  });
  registerErrorHandler(app);
  app.get('/boom', async () => {
    throw error;
  });
  await app.ready();
  return { app, lines };
}

describe('which errors speak to the client', () => {
  test('an error with a 4xx status that is neither ours nor Fastify’s → 500, logged, message hidden', async () => {
    // As a payment SDK throws for an invalid key: statusCode 401 and the provider's words.
    const sdkError = Object.assign(new Error('Invalid API Key provided.'), {
      statusCode: 401,
      type: 'StripeAuthenticationError',
    });
    const { app, lines } = await appThrowing(sdkError);
    const response = await app.inject({ method: 'GET', url: '/boom' });
    expect(response.statusCode).toBe(500);
    expect(response.json().code).toBe(ErrorCode.internal);
    expect(response.body).not.toContain('Invalid API Key');
    expect(lines.join('')).toContain('Invalid API Key provided.');
  });

  test('an error with a 503 status that is not ours → 500', async () => {
    const { app } = await appThrowing(Object.assign(new Error('upstream'), { statusCode: 503 }));
    expect((await app.inject({ method: 'GET', url: '/boom' })).statusCode).toBe(500);
  });

  test('AppError keeps its status and message', async () => {
    const { app } = await appThrowing(AppError.badGateway('The provider refused.'));
    const response = await app.inject({ method: 'GET', url: '/boom' });
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({
      message: 'The provider refused.',
      code: ErrorCode.badGateway,
    });
  });

  test('Fastify’s own client errors keep their status', async () => {
    const app = Fastify();
    registerErrorHandler(app);
    app.post('/echo', async (request) => request.body);
    const response = await app.inject({
      method: 'POST',
      url: '/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"broken"',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'Request body is not valid JSON.',
      code: ErrorCode.badRequest,
    });
  });
});
