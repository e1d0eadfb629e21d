// Defence in depth behind `html: false`: every token the parser makes is checked against what a
// description may contain before it is rendered. markdown-it escapes all text and attributes; this
// makes sure a future option, plugin or parser bug cannot let raw HTML or another attribute through.
import type Token from 'markdown-it/lib/token.mjs';

/** Token types CommonMark without raw HTML makes; anything else is turned into plain text. */
const ALLOWED_TYPES = new Set([
  'paragraph_open',
  'paragraph_close',
  'heading_open',
  'heading_close',
  'bullet_list_open',
  'bullet_list_close',
  'ordered_list_open',
  'ordered_list_close',
  'list_item_open',
  'list_item_close',
  'blockquote_open',
  'blockquote_close',
  'hr',
  'fence',
  'inline',
  'text',
  'softbreak',
  'hardbreak',
  'code_inline',
  'em_open',
  'em_close',
  'strong_open',
  'strong_close',
  'link_open',
  'link_close',
  'image',
]);

/** The attributes a token may carry, by type; the rest are dropped. */
const ALLOWED_ATTRIBUTES: Record<string, string[]> = {
  link_open: ['href', 'title'],
  ordered_list_open: ['start'],
  image: ['src', 'alt'],
};

/**
 * Where a description's link may point: the web (http, https), email, and a path on this store
 * (`/store/product/…`); never `//host` or `/\host`, which browsers read as another site.
 */
export function isAllowedHref(href: string): boolean {
  return /^(?:https?:\/\/|mailto:|\/(?![/\\]))/i.test(href.trim());
}

/** Raw HTML or an unknown token becomes the text it was written as (escaped when rendered). */
function asText(token: Token): void {
  token.type = 'text';
  token.tag = '';
  token.nesting = 0;
  token.attrs = null;
  token.children = null;
}

/** Brings the token stream to the allowlist, in place. */
export function checkTokens(tokens: Token[]): void {
  for (const token of tokens) {
    if (!ALLOWED_TYPES.has(token.type)) {
      asText(token);
      continue;
    }
    const allowed = ALLOWED_ATTRIBUTES[token.type] ?? [];
    token.attrs = token.attrs?.filter(([name]) => allowed.includes(name)) ?? null;
    // An address that got past the parser's own check is dropped, the link's words kept.
    const href = token.attrGet('href');
    if (token.type === 'link_open' && (href === null || !isAllowedHref(href))) {
      token.attrs = null;
      token.attrSet('href', '#');
    }
    // Fenced code's info string would become a class name; a description needs none.
    if (token.type === 'fence') token.info = '';
    if (token.children) checkTokens(token.children);
  }
}
