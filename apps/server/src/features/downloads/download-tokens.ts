import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

/** Bumped when the token format changes; older tokens then read as invalid. */
const TOKEN_VERSION = 1;
const TOKEN_MAX_LENGTH = 512;
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
  /** The product file the link serves; links made before several files existed name none. */
  fid: z
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
  /** The product file; absent: the product's first file (links from before issue 28). */
  fileId?: string;
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
          ...(grant.fileId ? { fid: grant.fileId } : {}),
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
        const { orderId, exp, lid, fid } = parsed.data;
        return {
          orderId,
          exp,
          ...(lid ? { linkId: lid } : {}),
          ...(fid ? { fileId: fid } : {}),
        };
      } catch {
        return null;
      }
    },
  };
}
