import { randomBytes } from 'node:crypto';
import {
  CheckoutMessages,
  ErrorCode,
  OrderMessages,
  ProductFileMessages,
  type DownloadLinkResponse,
  type PublicProductFile,
} from '@bindery/shared';
import { InvalidRangeError } from '../../adapters/storage/storage.js';
import type { Config } from '../../config.js';
import { AppError } from '../../errors.js';
import type { CatalogService } from '../catalog/index.js';
import type { OrdersService } from '../orders/index.js';
import type { ServedFile, StampingService } from '../stamping/index.js';
import { DIGITAL_CONTENT_TYPES, type UploadsService } from '../uploads/index.js';
import {
  createDownloadCounter,
  type DownloadCounter,
  type Reservation,
  type ServedStream,
} from './download-counter.js';
import { createDownloadTokens } from './download-tokens.js';
import type { DownloadsRepo } from './downloads.repo.js';
import { contentDisposition, parseByteRange, type ByteSpan } from './http-headers.js';
import type { PreparedDownload } from './prepared-download.js';
import { findOrderFile, servedFileName } from './served-files.js';

export { createDownloadTokens, type DownloadGrant } from './download-tokens.js';
export type { PreparedDownload } from './prepared-download.js';

/**
 * How long a bucket's presigned URL for a download works: long enough to start the transfer,
 * which then runs to its end; a resumed download comes back through the store's link.
 */
const SIGNED_URL_SECONDS = 5 * 60;

export interface DownloadsServiceOptions {
  repo: DownloadsRepo;
  orders: Pick<
    OrdersService,
    | 'findOrder'
    | 'requireDownloadAllowed'
    | 'downloadLimitOf'
    | 'readFileDownloadsUsed'
    | 'countFileDownloads'
  >;
  catalog: Pick<CatalogService, 'getProductFile' | 'listProductFiles' | 'getProductSummaries'>;
  uploads: Pick<UploadsService, 'findFile'>;
  stamping: Pick<StampingService, 'copyFor'>;
  config: Pick<Config, 'sessionSecret'> & {
    payments: Pick<Config['payments'], 'downloadLinkMinutes'>;
  };
  clock?: () => number;
}

/** What the service's steps share. */
interface DownloadsContext extends Pick<
  DownloadsServiceOptions,
  'orders' | 'catalog' | 'uploads' | 'stamping'
> {
  clock: () => number;
  tokens: ReturnType<typeof createDownloadTokens>;
  counter: DownloadCounter;
  ttlSeconds: number;
}

export function createDownloadsService({
  repo,
  orders,
  catalog,
  uploads,
  stamping,
  config,
  clock = Date.now,
}: DownloadsServiceOptions) {
  const ctx: DownloadsContext = {
    orders,
    catalog,
    uploads,
    stamping,
    clock,
    tokens: createDownloadTokens(config.sessionSecret),
    counter: createDownloadCounter({ repo, orders, clock }),
    ttlSeconds: config.payments.downloadLinkMinutes * 60,
  };

  return {
    /**
     * A fresh link for a paid order (the caller checked ownership and status); 403 "Download
     * limit reached for this order." once its downloads are used up.
     */
    createLink: (orderId: string, fileId?: string) => createLink(ctx, orderId, fileId),

    /** What an order delivers: its product's current files, in order (the caller checked the order). */
    async listOrderFiles(productId: string): Promise<PublicProductFile[]> {
      const files = await catalog.listProductFiles(productId);
      return files.map(({ id, name, size, format }) => ({ id, name, size, format }));
    },

    /**
     * Checks a link and the order behind it, now: 403 for a link we did not make, 410 once it
     * has expired, 403 when the order is no longer paid (a refund revokes links already handed
     * out) or a payment dispute is open, 410 when the file itself is gone. Then the range to send, 416 when none fits.
     */
    prepare: (
      token: string,
      headers: { range?: string | undefined; ifRange?: string | undefined },
    ) => prepareDownload(ctx, token, headers),

    /** When each order was last downloaded (ms), for orders downloaded at all. */
    lastDownloadTimes: (orderIds: readonly string[]) => repo.lastDownloadTimes(orderIds),

    /** Resolves once every download in progress has been counted (tests, shutdown). */
    idle: () => ctx.counter.idle(),
  };
}

export type DownloadsService = ReturnType<typeof createDownloadsService>;

const fileGone = () => AppError.gone(CheckoutMessages.fileUnavailable);
const unsatisfiable = (size: number) =>
  new AppError(
    416,
    ErrorCode.rangeNotSatisfiable,
    'The requested range is outside the file.',
    undefined,
    { 'content-range': `bytes */${size}` },
  );

/**
 * A link to one file of the order (`fileId`), or to its first: 404 for a file that is not the
 * product's, 403 once that file's downloads are used up.
 */
async function createLink(
  { orders, catalog, clock, tokens, ttlSeconds }: DownloadsContext,
  orderId: string,
  fileId?: string,
): Promise<DownloadLinkResponse> {
  const order = await orders.findOrder(orderId);
  const file = order && (await findOrderFile(catalog, order.productId, fileId));
  if (fileId !== undefined && !file) throw AppError.notFound(ProductFileMessages.fileNotFound);
  if (order && file) await orders.requireDownloadAllowed(order, file.id);
  const exp = Math.floor(clock() / 1000) + ttlSeconds;
  const linkId = randomBytes(12).toString('base64url');
  // Without a file the link means the first file when used, whichever it is by then.
  const grant = { orderId, exp, linkId, ...(fileId !== undefined ? { fileId } : {}) };
  return {
    downloadUrl: `/api/downloads/${tokens.sign(grant)}`,
    expiresAt: new Date(exp * 1000).toISOString(),
  };
}

/** The order behind a link we made that still works, its file, its limit and the link's id. */
async function requireServableOrder(
  { orders, catalog, clock, tokens }: DownloadsContext,
  token: string,
) {
  const grant = tokens.verify(token);
  if (!grant) throw AppError.forbidden(CheckoutMessages.linkInvalid);
  if (grant.exp <= Math.floor(clock() / 1000)) {
    throw AppError.gone(CheckoutMessages.linkExpired);
  }
  const order = await orders.findOrder(grant.orderId);
  if (!order || order.status === 'refunded' || order.status === 'canceled') {
    throw AppError.forbidden(CheckoutMessages.accessRevoked);
  }
  if (order.status !== 'paid') throw AppError.forbidden(CheckoutMessages.orderNotPaid);
  if (order.disputeStatus === 'open') throw AppError.forbidden(CheckoutMessages.disputed);
  // A link without a file (made before several files) serves the first; a removed file is gone.
  const productFile = await findOrderFile(catalog, order.productId, grant.fileId);
  if (!productFile) throw fileGone();
  // A link handed out before the limit was reached by other links stops too.
  const limit = await orders.downloadLimitOf(order);
  if (limit !== null && (await orders.readFileDownloadsUsed(order.id, productFile.id)) >= limit) {
    throw AppError.forbidden(OrderMessages.downloadLimitReached);
  }
  const linkId = grant.linkId ?? token;
  return { order, limit, linkId, productFile };
}

/** The upload behind the order's file and the name the buyer's copy is saved under; 410 when gone. */
async function findServedFile(
  { catalog, uploads }: DownloadsContext,
  productId: string,
  productFile: NonNullable<Awaited<ReturnType<typeof findOrderFile>>>,
) {
  // An archived product's buyers keep their files.
  const file = await uploads.findFile(productFile.publicId);
  if (!file) throw fileGone();
  const summary = (await catalog.getProductSummaries([productId])).get(productId);
  // Whether the product stamps its PDFs (an archived product's too).
  const stampPdf = (await catalog.getProductFile(productId))?.stampPdf ?? false;
  return { file, fileName: servedFileName(summary?.title ?? '', productFile), stampPdf };
}

async function prepareDownload(
  ctx: DownloadsContext,
  token: string,
  headers: { range?: string | undefined; ifRange?: string | undefined },
): Promise<PreparedDownload> {
  const { order, limit, linkId, productFile } = await requireServableOrder(ctx, token);
  const {
    file: source,
    fileName,
    stampPdf,
  } = await findServedFile(ctx, order.productId, productFile);
  // A product that stamps its PDFs serves this order's stamped copy, made on first need.
  const file = await ctx.stamping.copyFor({ order, file: source, stampPdf });

  const etag = `"${file.sha256}"`;
  // A range is only valid for the version of the file it was asked of.
  const isSameVersion = headers.ifRange === undefined || headers.ifRange === etag;
  const range = isSameVersion ? parseByteRange(headers.range, file.size) : null;
  if (range === 'unsatisfiable') throw unsatisfiable(file.size);
  const served = {
    orderId: order.id,
    linkId,
    fileId: productFile.id,
    size: file.size,
    bytes: range ? range.end - range.start + 1 : file.size,
  };

  return {
    fileName,
    contentType: DIGITAL_CONTENT_TYPES[file.format],
    etag,
    size: file.size,
    span: range,
    redirect: () => redirectToFile(ctx, { file, fileName, served, limit }),
    open: () => openFile(ctx, { file, range, served, limit }),
  };
}

async function redirectToFile(
  { counter }: DownloadsContext,
  {
    file,
    fileName,
    served,
    limit,
  }: {
    file: ServedFile;
    fileName: string;
    served: Omit<Reservation, 'held'>;
    limit: number | null;
  },
): Promise<string | undefined> {
  const url = await file.signedUrl({
    expiresInSeconds: SIGNED_URL_SECONDS,
    contentDisposition: contentDisposition(fileName),
  });
  if (!url) return undefined;
  await counter.countHandedOut(served, limit);
  return url;
}

async function openFile(
  { counter }: DownloadsContext,
  {
    file,
    range,
    served,
    limit,
  }: {
    file: ServedFile;
    range: ByteSpan | null;
    served: Omit<Reservation, 'held'>;
    limit: number | null;
  },
): Promise<ServedStream> {
  const reservation = await counter.reserve(served, limit);
  let opened: Awaited<ReturnType<ServedFile['open']>>;
  try {
    opened = await file.open(range ?? undefined);
    if (!opened) throw fileGone();
  } catch (error) {
    await counter.release(reservation);
    if (error instanceof InvalidRangeError) throw unsatisfiable(error.size);
    throw error;
  }
  return counter.track(reservation, opened.stream);
}
