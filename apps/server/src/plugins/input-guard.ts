import { ErrorCode, type ErrorBody } from '@bindery/shared';
import type { FastifyInstance } from 'fastify';

const NUL = '\u0000';
const MESSAGE = 'Text must not contain NUL characters.';

/** The path of the first string (or key) holding a NUL, like `title` or `image.2`; null if none. */
function findNul(value: unknown, path: string[] = []): string | null {
  if (typeof value === 'string') return value.includes(NUL) ? path.join('.') || '_' : null;
  if (path.length > 64 || value === null || typeof value !== 'object') return null;
  for (const [key, item] of Object.entries(value)) {
    if (key.includes(NUL)) return [...path, '_'].join('.');
    const found = findNul(item, [...path, key]);
    if (found !== null) return found;
  }
  return null;
}

/**
 * A NUL character is never meaningful in a name, a title or an id, and PostgreSQL refuses it in
 * text, which would surface as a server error. A JSON body holding one is a validation error
 * (400, naming the field) on both databases. Path ids already read as not found through their
 * shape checks, and search text is cut into words, so neither reaches the database with one.
 */
export function registerInputGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (request, reply) => {
    if (request.routeOptions.schema?.body === undefined) return;
    const field = findNul(request.body);
    if (field === null) return;
    const body: ErrorBody = {
      message: MESSAGE,
      code: ErrorCode.validation,
      errors: { [field]: [MESSAGE] },
    };
    return reply.code(400).send(body);
  });
}
