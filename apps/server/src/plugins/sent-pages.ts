// Pages as they go out: index.html cut into a template, a rendered page put into it and
// compressed, the pages shared by every visitor kept, and the encoding the client takes.
import { constants, brotliCompressSync, gzipSync } from 'node:zlib';
import { PAGE_DATA_ELEMENT_ID } from '@bindery/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { jsonForScript } from '../lib/html.js';
import type { PageAnswer, PageContent } from '../lib/page-rendering.js';

export type Encoding = 'br' | 'gzip' | 'identity';

/** index.html cut where a page's head and its rendered app go. */
export interface Template {
  beforeTitle: string;
  /** From after the title to the inside of `<div id="root">`. */
  beforeApp: string;
  afterApp: string;
}

const ROOT_ELEMENT = '<div id="root"></div>';

export function splitTemplate(html: string): Template {
  const [beforeTitle = '', rest = ''] = html.split(/<title>[\s\S]*?<\/title>/);
  const root = rest.indexOf(ROOT_ELEMENT);
  if (root === -1) return { beforeTitle, beforeApp: rest, afterApp: '' };
  const inside = root + ROOT_ELEMENT.length - '</div>'.length;
  return { beforeTitle, beforeApp: rest.slice(0, inside), afterApp: rest.slice(inside) };
}

/** Resource hints React writes ahead of the markup (an image to preload) belong in the head. */
const LEADING_LINKS = /^(?:<link [^>]*\/>)+/;

function assemblePage(template: Template, { head, hints, app }: PageContent) {
  // A page's own scripts come last in the head: the app's script is asked for first.
  const beforeApp = hints
    ? template.beforeApp.replace('</head>', () => `${hints}</head>`)
    : template.beforeApp;
  if (!app) return `${template.beforeTitle}${head}${beforeApp}${template.afterApp}`;
  const appHints = LEADING_LINKS.exec(app.html)?.[0] ?? '';
  const markup = app.html.slice(appHints.length);
  // jsonForScript: a user's name or a product's title cannot end the block or open a comment.
  const data = `<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">${jsonForScript(app.data)}</script>`;
  return (
    `${template.beforeTitle}${head}${appHints}${beforeApp}${markup}</div>${data}` +
    template.afterApp.slice('</div>'.length)
  );
}

type SentPage = Record<Encoding, Buffer>;

function toSentPage(html: string): SentPage {
  const identity = Buffer.from(html);
  return { identity, br: compressPage(identity, 'br'), gzip: compressPage(identity, 'gzip') };
}

/** Sent pages by share key, the least recently used dropped past a budget of bytes. */
export class KeptPages {
  private readonly pages = new Map<string, SentPage>();
  private bytes = 0;

  constructor(private readonly budget: number) {}

  get(key: string): SentPage | undefined {
    const page = this.pages.get(key);
    if (page) {
      this.pages.delete(key);
      this.pages.set(key, page);
    }
    return page;
  }

  set(key: string, page: SentPage): void {
    const size = sizeOf(page);
    if (size > this.budget) return;
    const replaced = this.pages.get(key);
    if (replaced) this.bytes -= sizeOf(replaced);
    this.pages.set(key, page);
    this.bytes += size;
    for (const [oldKey, old] of this.pages) {
      if (this.bytes <= this.budget) break;
      this.pages.delete(oldKey);
      this.bytes -= sizeOf(old);
    }
  }
}

const sizeOf = (page: SentPage) => page.identity.length + page.br.length + page.gzip.length;

/**
 * A rendered page, compressed with quick settings: it is made on a request (and once more for
 * each signed-in visitor), unlike index.html, which is compressed once at start-up.
 */
function compressPage(html: Buffer, encoding: 'br' | 'gzip'): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(html, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 4,
          [constants.BROTLI_PARAM_SIZE_HINT]: html.length,
        },
      })
    : gzipSync(html, { level: 6 });
}

/** index.html in each encoding, made at start-up and again after the settings change. */
export function compressIndex(html: string): Record<Encoding, Buffer> {
  const identity = Buffer.from(html);
  return {
    identity,
    br: brotliCompressSync(identity, {
      params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
    }),
    gzip: gzipSync(identity, { level: constants.Z_BEST_COMPRESSION }),
  };
}

/**
 * The encoding to answer with: brotli if the client takes it, then gzip, else none. An encoding
 * with q=0 is refused, and `*` stands for any encoding not named.
 */
export function pickEncoding(acceptEncoding: string | string[] | undefined): Encoding {
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : (acceptEncoding ?? '');
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    weights.set(name, Number.isNaN(weight) ? 0 : weight);
  }
  const accepts = (name: string) => (weights.get(name) ?? weights.get('*') ?? 0) > 0;
  if (accepts('br')) return 'br';
  if (accepts('gzip')) return 'gzip';
  return 'identity';
}

/** A page differs by encoding and, through the session cookie, by who is signed in. */
export const PAGE_VARY = 'accept-encoding, cookie';

export type PageSender = ReturnType<typeof createPageSender>;

/**
 * index.html with the page's own head in place of the title and the rendered app in #root,
 * compressed; kept for the next visitor when the page is the same for everyone.
 */
export function createPageSender(template: () => Template, keptPages: KeptPages) {
  return (request: FastifyRequest, reply: FastifyReply, page: PageAnswer) => {
    const encoding = pickEncoding(request.headers['accept-encoding']);
    let body: Buffer;
    if (page.shareKey === undefined) {
      // This visitor's page only: compressed once, for them.
      const html = Buffer.from(assemblePage(template(), page.content()));
      body = encoding === 'identity' ? html : compressPage(html, encoding);
    } else {
      let sent = keptPages.get(page.shareKey);
      if (!sent) {
        sent = toSentPage(assemblePage(template(), page.content()));
        keptPages.set(page.shareKey, sent);
      }
      body = sent[encoding];
    }
    reply
      .code(page.status)
      // A page with the visitor's name on it is theirs alone: no cache keeps it, not even the
      // browser's (a shared computer's Back after signing out).
      .header('cache-control', page.shareKey === undefined ? 'private, no-store' : 'no-cache')
      .header('vary', PAGE_VARY)
      .type('text/html; charset=utf-8');
    if (encoding !== 'identity') reply.header('content-encoding', encoding);
    return reply.send(body);
  };
}
