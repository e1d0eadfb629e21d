import { InvoiceMessages, OrderMessages, formatDocumentNumber } from '@bindery/shared';
import type { InvoiceDocumentKind } from '../../db/types.js';
import { AppError } from '../../errors.js';
import type { AuthService } from '../auth/index.js';
import type { CatalogService } from '../catalog/index.js';
import type { OrderRow, OrdersService } from '../orders/index.js';
import { invoiceAmountsOf, type InvoiceFacts, type SellerDetails } from './invoice-facts.js';
import { renderInvoicePdf } from './invoice-pdf.js';
import type { InvoiceDocumentRow, InvoiceQueries } from './invoices.repo.js';

export interface InvoicesServiceOptions {
  repo: Pick<InvoiceQueries, 'findDocument'>;
  orders: Pick<OrdersService, 'requireOrder' | 'requireOwnOrder'>;
  users: Pick<AuthService, 'getUserSummaries'>;
  catalog: Pick<CatalogService, 'getProductSummaries'>;
  /** The seller's details now: for documents numbered before they were kept with them. */
  seller: () => SellerDetails;
  timeZone: string;
}

/** Who asks for a document: the signed-in user, if any. */
export interface Viewer {
  _id: string;
  role: string;
}

/** Shown for a product deleted since it was bought (its order is kept). */
const DELETED_PRODUCT_TITLE = 'Digital product (no longer in the catalogue)';

/** A document ready to send: its file name and the PDF as a stream. */
export interface InvoiceDownload {
  filename: string;
  pdf: NodeJS.ReadableStream;
}

/** The invoices and credit notes of orders, for the order's buyer and the store's admins. */
export function createInvoicesService(options: InvoicesServiceOptions) {
  const queries = options.repo;

  /** The order if the viewer may see it; anyone else (signed out too) gets the same 404. */
  async function requireViewable(orderId: string, viewer: Viewer | null): Promise<OrderRow> {
    if (!viewer) throw AppError.notFound(OrderMessages.orderNotFound);
    return viewer.role === 'admin'
      ? options.orders.requireOrder(orderId)
      : options.orders.requireOwnOrder(orderId, viewer._id);
  }

  async function requireDocument(order: OrderRow, kind: InvoiceDocumentKind) {
    const document = await queries.findDocument(order.id, kind);
    if (!document) {
      throw AppError.conflict(
        kind === 'invoice' ? InvoiceMessages.notPaid : InvoiceMessages.notRefunded,
      );
    }
    return document;
  }

  async function factsOf(
    order: OrderRow,
    document: InvoiceDocumentRow,
    invoice: InvoiceDocumentRow,
  ): Promise<InvoiceFacts> {
    const [buyers, products] = await Promise.all([
      options.users.getUserSummaries([order.userId]),
      options.catalog.getProductSummaries([order.productId]),
    ]);
    const buyer = buyers.get(order.userId);
    const amounts = invoiceAmountsOf(order);
    return {
      kind: document.kind,
      number: formatDocumentNumber(document.prefix, document.sequence),
      invoiceNumber: formatDocumentNumber(invoice.prefix, invoice.sequence),
      issuedAt: Number(document.issuedAt),
      paidAt: Number(order.paidAt ?? invoice.issuedAt),
      orderNumber: order.orderNumber,
      seller: document.seller ? (JSON.parse(document.seller) as SellerDetails) : options.seller(),
      buyer: {
        // The name given at checkout, else the account's.
        name: order.buyerName ?? buyer?.name ?? '',
        email: buyer?.email ?? '',
        country: order.buyerCountry,
        taxId: order.buyerTaxId,
      },
      currency: order.currency.toUpperCase(),
      lines: [
        {
          description: products.get(order.productId)?.title ?? DELETED_PRODUCT_TITLE,
          ...amounts,
        },
      ],
      netAmount: amounts.netAmount,
      taxAmount: amounts.taxAmount,
      totalAmount: amounts.totalAmount,
      timeZone: options.timeZone,
    };
  }

  return {
    /**
     * The order's invoice or credit note as a PDF: 404 for anyone but its buyer and admins,
     * 409 before the payment (invoice) or without a refund (credit note).
     */
    async openDocument(
      orderId: string,
      kind: InvoiceDocumentKind,
      viewer: Viewer | null,
    ): Promise<InvoiceDownload> {
      const order = await requireViewable(orderId, viewer);
      const document = await requireDocument(order, kind);
      const invoice = kind === 'invoice' ? document : await requireDocument(order, 'invoice');
      const facts = await factsOf(order, document, invoice);
      return { filename: `${facts.number}.pdf`, pdf: await renderInvoicePdf(facts) };
    },
  };
}

export type InvoicesService = ReturnType<typeof createInvoicesService>;
