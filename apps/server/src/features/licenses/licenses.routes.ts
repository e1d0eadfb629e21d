import {
  ErrorBodySchema,
  LICENSE_VERIFY_PER_MINUTE,
  LicenseInvalidSchema,
  LicenseKeyStateSchema,
  LicenseValidSchema,
  VerifyLicenseBodySchema,
} from '@bindery/shared';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAdmin } from '../../plugins/session.js';
import type { LicensesService } from './licenses.service.js';

const VERIFY_DESCRIPTION = `Checks a license key from your own software (an app, a plugin, a build
script): no session or API key is needed, only the product's id (from its admin page or the product
API) and the key the buyer typed. Keys match in any case, with or without dashes and spaces.

- **200** \`{ valid: true, uses, maxUses, order: { id, createdAt } }\`: the key belongs to this
  product and its order is paid. \`maxUses\` is null for no limit.
- **404** \`{ valid: false, message, code }\`: no such key for this product (an unknown key and a
  key of another product answer the same).
- **409** \`{ valid: false, message, code }\`: the order was refunded or canceled, its payment is
  disputed, the seller disabled the key, or (with \`incrementUses\`) its activations are used up.
- **429**: more than ${LICENSE_VERIFY_PER_MINUTE} checks a minute from one address; wait
  Retry-After seconds.

Send \`incrementUses: true\` once per activation (e.g. when your app is first set up on a machine):
it counts one use atomically and refuses past the key's limit. Leave it out for routine checks.
The answer never names the buyer.

\`\`\`sh
curl -X POST https://your-store.example/api/licenses/verify \\
  -H 'content-type: application/json' \\
  -d '{"productId":"AbCdEfGhIjKlMnOp","licenseKey":"8F3C2A1B-4D5E6F70-9A8B7C6D-5E4F3A2B","incrementUses":true}'
\`\`\``;

const ParamsSchema = z.object({ id: z.string() });
const adminOnly = { onRequest: async (request: FastifyRequest) => void requireAdmin(request) };
const adminRefusals = {
  401: ErrorBodySchema,
  403: ErrorBodySchema,
  404: ErrorBodySchema,
  409: ErrorBodySchema,
};

/** The public check of a key, and the owner's switch of an order's key. */
export const licensesRoutes: FastifyPluginAsync<{ licenses: LicensesService }> = async (
  app,
  { licenses },
) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/licenses/verify',
    {
      schema: {
        tags: ['licenses'],
        summary: 'Verify a license key (and count an activation) from your own software',
        description: VERIFY_DESCRIPTION,
        body: VerifyLicenseBodySchema,
        response: {
          200: LicenseValidSchema,
          400: ErrorBodySchema,
          404: LicenseInvalidSchema,
          409: LicenseInvalidSchema,
          429: ErrorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const { status, body } = await licenses.verify(request.body, request.ip);
      // Keys and their state are never kept by a cache along the way.
      return reply.code(status).header('cache-control', 'no-store').send(body);
    },
  );

  for (const action of ['disable', 'enable'] as const) {
    api.post(
      `/api/admin/orders/:id/license-key/${action}`,
      {
        ...adminOnly,
        schema: {
          tags: ['licenses'],
          summary: `${action === 'disable' ? 'Disable' : 'Enable again'} an order’s license key (admin)`,
          description:
            'A disabled key answers 409 to every check until it is enabled again; its uses stay. ' +
            '404 for an unknown order, 409 when the order has no key.',
          params: ParamsSchema,
          response: { 200: LicenseKeyStateSchema, ...adminRefusals },
        },
      },
      async (request) =>
        action === 'disable'
          ? licenses.disableKey(request.params.id)
          : licenses.enableKey(request.params.id),
    );
  }
};
