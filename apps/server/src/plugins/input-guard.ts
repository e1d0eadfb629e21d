import { ErrorCode, type ErrorBody } from '@bindery/shared';
import type { FastifyInstance } from 'fastify';

const NUL = '\u0000';
const MESSAGE = 'Text in a request must not contain NUL characters.';

/** True when any string in the value (keys included) holds a NUL; deep, but JSON bodies are small. */
function hasNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes(NUL);
  if (depth > 64 || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((item) => hasNul(item, depth + 1));
  return Object.entries(value).some(([key, item]) => key.includes(NUL) || hasNul(item, depth + 1));
}

/**
 * A NUL character is never meaningful in a name, a title, an id or a search, and PostgreSQL
 * refuses it in text, which would surface as a server error. Refused with 400 on both databases
 * before validation, for JSON bodies, query strings and path parameters alike.
 */
export function registerInputGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (request, reply) => {
    if (hasNul(request.params) || hasNul(request.query) || hasNul(request.body)) {
      const body: ErrorBody = { message: MESSAGE, code: ErrorCode.badRequest };
      return reply.code(400).send(body);
    }
  });
}
