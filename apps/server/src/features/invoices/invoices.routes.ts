import { ErrorBodySchema } from '@bindery/shared';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { InvoiceDocumentKind } from '../../db/types.js';
import type { InvoicesService } from './invoices.service.js';

const ParamsSchema = z.object({ id: z.string() });
const PdfSchema = z.unknown().describe('The PDF, as an attachment');

const ROUTES: Array<{ kind: InvoiceDocumentKind; path: string; summary: string }> = [
  {
    kind: 'invoice',
    path: '/api/orders/:id/invoice.pdf',
    summary: 'The order’s invoice as a PDF (its buyer and admins)',
  },
  {
    kind: 'credit-note',
    path: '/api/orders/:id/credit-note.pdf',
    summary: 'The credit note of a refunded order as a PDF (its buyer and admins)',
  },
];

/** An order's invoice and credit note, streamed as PDF attachments. */
export const invoicesRoutes: FastifyPluginAsync<{ invoices: InvoicesService }> = async (
  app,
  { invoices },
) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  for (const { kind, path, summary } of ROUTES) {
    api.get(
      path,
      {
        schema: {
          tags: ['orders'],
          summary,
          description:
            'Anyone but the order’s buyer and the store’s admins (signed out included) gets ' +
            '404; 409 before the payment is confirmed (invoice) or without a refund (credit note).',
          params: ParamsSchema,
          produces: ['application/pdf'],
          response: { 200: PdfSchema, 404: ErrorBodySchema, 409: ErrorBodySchema },
        },
      },
      async (request, reply) => {
        const { filename, pdf } = await invoices.openDocument(
          request.params.id,
          kind,
          request.sessionUser,
        );
        // The number is letters, digits, ".", "_" and "-" (the prefix's rule): safe as it is.
        return reply
          .type('application/pdf')
          .header('content-disposition', `attachment; filename="${filename}"`)
          .header('cache-control', 'private, no-store')
          .send(pdf);
      },
    );
  }
};
