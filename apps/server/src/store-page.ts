/**
 * The store's look for the few pages the server renders itself, outside the single-page app
 * (the test checkout, a download that cannot start): the web app's theme colours and font
 * stack (apps/web/src/app/theme.ts), its favicon, and no external assets. Styles are inline,
 * which the store's CSP allows (style-src 'unsafe-inline'); scripts are not.
 */

/** Everything shown is escaped: product titles, store names and messages are text, never markup. */
export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** The web app's theme (apps/web/src/app/theme.ts), plus text colours with AA contrast on it. */
export const THEME = {
  primary: '#3949ab',
  primaryDark: '#283593',
  secondary: '#00897b',
  background: '#f6f7fb',
  paper: '#ffffff',
  text: '#1f2937',
  textMuted: '#4b5563',
  border: '#c5cae9',
  error: '#b3261e',
  radius: '10px',
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
} as const;

/** The web app's favicon (apps/web/public/favicon.svg), inline so the page needs no request. */
const FAVICON_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#3949ab"/><path d="M18 14h20a8 8 0 0 1 8 8v28H24a6 6 0 0 1-6-6z" fill="#fff"/><path d="M24 50a6 6 0 0 1 0-12h22" fill="none" stroke="#3949ab" stroke-width="3"/></svg>';
export const FAVICON_DATA_URL = `data:image/svg+xml,${encodeURIComponent(FAVICON_SVG)}`;

const BASE_STYLE = `
  *{box-sizing:border-box}
  body{margin:0;font:16px/1.5 ${THEME.fontFamily};color:${THEME.text};background:${THEME.background}}
  header{background:${THEME.primary};color:#fff}
  header p{max-width:32rem;margin:0 auto;padding:.8rem 1rem;font-weight:700;font-size:1.1rem}
  main{max-width:32rem;margin:0 auto;padding:1.5rem 1rem 3rem}
  .card{background:${THEME.paper};border-radius:${THEME.radius};padding:1.25rem;box-shadow:0 1px 3px rgba(0,0,0,.12)}
  h1{margin:0 0 .5rem;font-size:1.35rem;line-height:1.3}
  a{color:${THEME.primaryDark}}
  a:focus-visible,button:focus-visible{outline:3px solid ${THEME.secondary};outline-offset:2px}
  .actions{display:flex;flex-wrap:wrap;gap:.75rem;margin-top:1.25rem}
  .button{display:inline-block;padding:.7rem 1.1rem;border-radius:${THEME.radius};font-weight:600;text-decoration:none;text-align:center}
  .button.primary{background:${THEME.primary};color:#fff}
  .button.primary:hover{background:${THEME.primaryDark}}
  .button.secondary{border:1px solid ${THEME.primary};color:${THEME.primaryDark};background:${THEME.paper}}
  @media (max-width:480px){.actions .button{flex:1 1 100%}}
`;

export interface StorePageOptions {
  storeName: string;
  /** The tab's title; the store's name is added after it. */
  title: string;
  /** Markup inside <main>, already escaped where it holds text. */
  body: string;
  /** Rules added after the shared ones. */
  style?: string;
  /** Markup at the end of <body> (a script the page's CSP allows by its hash). */
  tail?: string;
}

/** A whole page in the store's style: the store's name in a top bar, then the content. */
export function renderStorePage({
  storeName,
  title,
  body,
  style = '',
  tail = '',
}: StorePageOptions) {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · ${escapeHtml(storeName)}</title>
<link rel="icon" type="image/svg+xml" href="${FAVICON_DATA_URL}">
<style>${BASE_STYLE}${style}</style>
</head>
<body>
<header><p>${escapeHtml(storeName)}</p></header>
<main>
${body}
</main>
${tail}</body>
</html>
`;
}
