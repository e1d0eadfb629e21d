import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  CheckoutMessages,
  ErrorCode,
  OrderMessages,
  type DownloadLinkResponse,
} from '@bindery/shared';
import { z } from 'zod';
import { InvalidRangeError } from '../../adapters/storage/storage.js';
import type { Config } from '../../config.js';
import { AppError } from '../../errors.js';
import type { CatalogService } from '../catalog/index.js';
import type { OrdersService } from '../orders/index.js';
import { DIGITAL_CONTENT_TYPES, type UploadsService } from '../uploads/index.js';
import { createDownloadCounter, type ServedStream } from './download-counter.js';
import type { DownloadsRepo } from './downloads.repo.js';
import {
  contentDisposition,
  downloadFileName,
  parseByteRange,
  type ByteSpan,
} from './http-headers.js';

/** Bumped when the token format changes; older tokens then read as invalid. */
const TOKEN_VERSION = 1;
const TOKEN_MAX_LENGTH = 512;
/**
 * How long a bucket's presigned URL for a download works: long enough to start the transfer,
 * which then runs to its end; a resumed download comes back through the store's link.
 */
const SIGNED_URL_SECONDS = 5 * 60;
const TOKEN_SHAPE = /^([A-Za-z0-9_-]{1,400})\.([A-Za-z0-9_-]{43})$/;

const PayloadSchema = z.object({
  v: z.literal(TOKEN_VERSION),
  orderId: z.string().regex(/^[A-Za-z0-9_-]{16}$/),
  exp: z.number().int().positive(),
  /** The link's own id: a download counts once per link, whatever requests it takes. */
  lid: z
    .string()
    .regex(/^[A-Za-z0-9_-]{16}$/)
    .optional(),
});

export interface DownloadGrant {
  orderId: string;
  /** Epoch seconds; the link works while now < exp. */
  exp: number;
  /** Random per link (links made before limits existed have none: they count per token). */
  linkId?: string;
}

/**
 * Download links are `<payload>.<mac>` in base64url: the payload names the order and the moment
 * the link stops working, the MAC (HMAC-SHA256 with a key derived for this purpose only) makes
 * both unforgeable. The link is the capability: no cookie is needed, so it works in download
 * managers, while the order is still checked at every request.
 */
export function createDownloadTokens(sessionSecret: string) {
  const key = Buffer.from(hkdfSync('sha256', sessionSecret, '', 'bindery download-links v1', 32));
  const mac = (payload: string) => createHmac('sha256', key).update(payload).digest('base64url');

  return {
    sign(grant: DownloadGrant): string {
      const payload = Buffer.from(
        JSON.stringify({
          v: TOKEN_VERSION,
          orderId: grant.orderId,
          exp: grant.exp,
          ...(grant.linkId ? { lid: grant.linkId } : {}),
        }),
      ).toString('base64url');
      return `${payload}.${mac(payload)}`;
    },

    /** The grant, or null for anything not made by `sign` with this secret. */
    verify(token: string): DownloadGrant | null {
      const match = token.length <= TOKEN_MAX_LENGTH ? TOKEN_SHAPE.exec(token) : null;
      if (!match) return null;
      const [, payload = '', signature = ''] = match;
      // Compared as text: base64url has spare bits, and only the one canonical spelling counts.
      const expected = Buffer.from(mac(payload));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      try {
        const parsed = PayloadSchema.safeParse(
          JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')),
        );
        if (!parsed.success) return null;
        const { orderId, exp, lid } = parsed.data;
        return lid ? { orderId, exp, linkId: lid } : { orderId, exp };
      } catch {
        return null;
      }
    },
  };
}

/** What the route needs to answer one download request. */
export interface PreparedDownload {
  /** The product's title with the file's extension: the name the buyer's copy is saved under. */
  fileName: string;
  contentType: string;
  /** Strong ETag from the file's SHA-256. */
  etag: string;
  size: number;
  /** The part to send, or null for the whole file. */
  span: ByteSpan | null;
  /**
   * Takes the response's place against the order's limit (403 when there is none) and opens
   * the bytes as a stream; the bytes it sends count once the response has closed (`settle`).
   */
  open(): Promise<ServedStream>;
  /**
   * Where storage that hands out URLs (a bucket) serves the file for the next few minutes, the
   * span counted as sent as the redirect is issued; undefined when the store streams it (`open`).
   */
  redirect(): Promise<string | undefined>;
}

export interface DownloadsServiceOptions {
  repo: DownloadsRepo;
  orders: Pick<
    OrdersService,
    | 'findOrder'
    | 'requireDownloadAllowed'
    | 'downloadLimitOf'
    | 'readDownloadsUsed'
    | 'countDownloads'
  >;
  catalog: Pick<CatalogService, 'getProductFile' | 'getProductSummaries'>;
  uploads: Pick<UploadsService, 'findFile' | 'openFile' | 'signedFileUrl'>;
  config: Pick<Config, 'sessionSecret'> & {
    payments: Pick<Config['payments'], 'downloadLinkMinutes'>;
  };
  clock?: () => number;
}

export function createDownloadsService({
  repo,
  orders,
  catalog,
  uploads,
  config,
  clock = Date.now,
}: DownloadsServiceOptions) {
  const tokens = createDownloadTokens(config.sessionSecret);
  const counter = createDownloadCounter({ repo, orders, clock });
  const ttlSeconds = config.payments.downloadLinkMinutes * 60;
  const fileGone = () => AppError.gone(CheckoutMessages.fileUnavailable);
  const unsatisfiable = (size: number) =>
    new AppError(
      416,
      ErrorCode.rangeNotSatisfiable,
      'The requested range is outside the file.',
      undefined,
      { 'content-range': `bytes */${size}` },
    );

  return {
    /**
     * A fresh link for a paid order (the caller checked ownership and status); 403 "Download
     * limit reached for this order." once its downloads are used up.
     */
    async createLink(orderId: string): Promise<DownloadLinkResponse> {
      const order = await orders.findOrder(orderId);
      if (order) await orders.requireDownloadAllowed(order);
      const exp = Math.floor(clock() / 1000) + ttlSeconds;
      const linkId = randomBytes(12).toString('base64url');
      return {
        downloadUrl: `/api/downloads/${tokens.sign({ orderId, exp, linkId })}`,
        expiresAt: new Date(exp * 1000).toISOString(),
      };
    },

    /**
     * Checks a link and the order behind it, now: 403 for a link we did not make, 410 once it
     * has expired, 403 when the order is no longer paid (a refund revokes links already handed
     * out) or a payment dispute is open, 410 when the file itself is gone. Then the range to send, 416 when none fits.
     */
    async prepare(
      token: string,
      headers: { range?: string | undefined; ifRange?: string | undefined },
    ): Promise<PreparedDownload> {
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
      // A link handed out before the limit was reached by other links stops too.
      const limit = await orders.downloadLimitOf(order);
      if (limit !== null && order.downloadsUsed >= limit) {
        throw AppError.forbidden(OrderMessages.downloadLimitReached);
      }
      const linkId = grant.linkId ?? token;

      // An archived product's buyers keep their file.
      const product = await catalog.getProductFile(order.productId);
      const file = product && (await uploads.findFile(product.digitalFileId));
      if (!file) throw fileGone();
      // Named after the product, not the owner's upload (`final_v3 (2).pdf`): the original name
      // is the owner's alone, shown in the admin's product form.
      const summary = (await catalog.getProductSummaries([order.productId])).get(order.productId);
      const fileName = downloadFileName(summary?.title ?? '', file.format);

      const etag = `"${file.sha256}"`;
      // A range is only valid for the version of the file it was asked of.
      const isSameVersion = headers.ifRange === undefined || headers.ifRange === etag;
      const range = isSameVersion ? parseByteRange(headers.range, file.size) : null;
      if (range === 'unsatisfiable') throw unsatisfiable(file.size);
      const served = {
        orderId: order.id,
        linkId,
        size: file.size,
        bytes: range ? range.end - range.start + 1 : file.size,
      };

      return {
        fileName,
        contentType: DIGITAL_CONTENT_TYPES[file.format],
        etag,
        size: file.size,
        span: range,
        async redirect() {
          const url = await uploads.signedFileUrl(file, {
            expiresInSeconds: SIGNED_URL_SECONDS,
            contentDisposition: contentDisposition(fileName),
          });
          if (!url) return undefined;
          await counter.countHandedOut(served, limit);
          return url;
        },
        async open() {
          const reservation = await counter.reserve(served, limit);
          let opened: Awaited<ReturnType<typeof uploads.openFile>>;
          try {
            opened = await uploads.openFile(file.publicId, range ?? undefined);
            if (!opened) throw fileGone();
          } catch (error) {
            await counter.release(reservation);
            if (error instanceof InvalidRangeError) throw unsatisfiable(error.size);
            throw error;
          }
          return counter.track(reservation, opened.stream);
        },
      };
    },

    /** Resolves once every download in progress has been counted (tests, shutdown). */
    idle: () => counter.idle(),
  };
}

export type DownloadsService = ReturnType<typeof createDownloadsService>;
