// A product's description is Markdown (CommonMark), rendered by this one module on the server
// and in the browser, so the server's HTML and the app's hydration match (decision 040). It is
// its own entry point (`@bindery/shared/markdown`), so pages that never show a description (the
// catalogue) do not load the parser.
import MarkdownIt from 'markdown-it';
import type Token from 'markdown-it/lib/token.mjs';
import { checkTokens, isAllowedHref } from './markdown-allowlist.js';

/** The description sits under the page's h1 and its "Description" h2: `#` becomes an h3. */
const HEADING_SHIFT = 2;

/** Link attributes every rendered link carries: no ranking passed on, no window handle. */
export const DESCRIPTION_LINK_REL = 'nofollow noopener';

let parser: MarkdownIt | undefined;

/** Made on first use, so importing the module costs nothing until a description is shown. */
function markdown(): MarkdownIt {
  parser ??= createParser();
  return parser;
}

function createParser(): MarkdownIt {
  const md = new MarkdownIt('commonmark', {
    // Raw HTML is shown as the text it is, never passed through.
    html: false,
    // A single line break stays one, as plain-text descriptions were shown.
    breaks: true,
    linkify: false,
    typographer: false,
  });
  // Text indented by four spaces stays a paragraph: old plain descriptions may be indented, and
  // fenced blocks (```) still make code.
  md.disable('code');
  // The library refuses javascript:, vbscript:, file: and data: links; only http(s), mailto and
  // this store's paths are kept (the address is already entity-decoded and percent-encoded here).
  md.validateLink = isAllowedHref;
  md.core.ruler.push('demote_headings', (state) => {
    for (const token of state.tokens) {
      if (token.type === 'heading_open' || token.type === 'heading_close') {
        token.tag = `h${Math.min(Number(token.tag.slice(1)) + HEADING_SHIFT, 6)}`;
      }
    }
  });
  md.core.ruler.push('check_tokens', (state) => {
    checkTokens(state.tokens);
  });
  const rules = md.renderer.rules;
  rules.link_open = (tokens, index, options, _env, self) => {
    const token = tokens[index]!;
    token.attrSet('rel', DESCRIPTION_LINK_REL);
    return self.renderToken(tokens, index, options);
  };
  // Pictures are the gallery's job: an image in a description shows as its words (decision 040).
  rules.image = (tokens, index) => md.utils.escapeHtml(plainText(tokens[index]!.children ?? []));
  return md;
}

/** A description as HTML: safe to put in a page as it is. */
export function renderMarkdown(source: string): string {
  return markdown().render(source);
}

/** The words of inline tokens: text, code, line breaks as spaces or newlines. */
function plainText(tokens: Token[]): string {
  let text = '';
  for (const token of tokens) {
    if (token.type === 'text' || token.type === 'code_inline') text += token.content;
    else if (token.type === 'softbreak' || token.type === 'hardbreak') text += '\n';
    else if (token.type === 'image') text += plainText(token.children ?? []);
  }
  return text;
}

/**
 * A description as plain text, for meta tags, JSON-LD, share previews and the search index:
 * the words without the marks, each block (paragraph, heading, list item, code) after a blank line.
 */
export function markdownToPlainText(source: string): string {
  const blocks: string[] = [];
  for (const token of markdown().parse(source, {})) {
    if (token.type === 'inline') blocks.push(plainText(token.children ?? []));
    else if (token.type === 'fence') blocks.push(token.content.replace(/\n$/, ''));
  }
  return blocks
    .map((block) => block.trim())
    .filter(Boolean)
    .join('\n\n');
}
