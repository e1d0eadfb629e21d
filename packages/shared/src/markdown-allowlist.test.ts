import MarkdownIt from 'markdown-it';
import { expect, test } from 'vitest';
import { checkTokens } from './markdown-allowlist.js';

// The allowlist on its own, behind a parser that lets raw HTML and any address through: what
// would reach the page if `html: false` or the link check were ever lost.
const permissive = new MarkdownIt({ html: true });
permissive.validateLink = () => true;
permissive.core.ruler.push('check_tokens', (state) => {
  checkTokens(state.tokens);
});

test.each([
  ['a script block', '<script>alert(1)</script>', '&lt;script&gt;alert(1)&lt;/script&gt;'],
  [
    'an inline handler',
    'a <img src=x onerror=alert(1)> b',
    '<p>a &lt;img src=x onerror=alert(1)&gt; b</p>\n',
  ],
  ['a javascript: link', '[x](javascript:alert(1))', '<p><a href="#">x</a></p>\n'],
  ['a data: link', '[x](data:text/html,hi)', '<p><a href="#">x</a></p>\n'],
  ['a class from a fence', '```js\nx\n```', '<pre><code>x\n</code></pre>\n'],
])('the allowlist alone keeps %s inert', (_name, source, html) => {
  expect(permissive.render(source)).toBe(html);
});
