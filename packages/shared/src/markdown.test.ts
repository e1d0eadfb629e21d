import { describe, expect, test } from 'vitest';
import { markdownToPlainText, renderMarkdown } from './markdown.js';

const escape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Every element and attribute a rendered description may hold, with a link's allowed addresses. */
const SAFE_TAG = new RegExp(
  '^<(?:/(?:p|em|strong|code|pre|h[3-6]|ul|ol|li|blockquote|a)|p|br /|em|strong|code|pre|h[3-6]|' +
    'ul|ol|ol start="\\d+"|li|blockquote|hr /|' +
    'a href="(?:https?://|mailto:|/(?!/))[^"]*"(?: title="[^"]*")? rel="nofollow noopener")>$',
);
const tagsIn = (html: string) => html.match(/<[^>]*>/g) ?? [];

describe('Markdown becomes the HTML a description may hold', () => {
  test.each([
    [
      'a level-one heading is an h3, under the page h1 and its Description h2',
      '# Contents',
      '<h3>Contents</h3>\n',
    ],
    [
      'deeper headings follow, never past h6',
      '## A\n\n#### B\n\n###### C',
      '<h4>A</h4>\n<h6>B</h6>\n<h6>C</h6>\n',
    ],
    [
      'emphasis and strong',
      'A *fine* and **bold** line',
      '<p>A <em>fine</em> and <strong>bold</strong> line</p>\n',
    ],
    ['a bullet list', '- one\n- two', '<ul>\n<li>one</li>\n<li>two</li>\n</ul>\n'],
    [
      'an ordered list keeps its start',
      '3. three\n4. four',
      '<ol start="3">\n<li>three</li>\n<li>four</li>\n</ol>\n',
    ],
    ['inline code', 'Run `make`', '<p>Run <code>make</code></p>\n'],
    [
      'fenced code, without a class from its info string',
      '```js"><b>\nx < 1\n```',
      '<pre><code>x &lt; 1\n</code></pre>\n',
    ],
    ['a blockquote', '> Said well', '<blockquote>\n<p>Said well</p>\n</blockquote>\n'],
    [
      'a link carries rel="nofollow noopener"',
      '[site](https://example.com/a?b=1&c=2)',
      '<p><a href="https://example.com/a?b=1&amp;c=2" rel="nofollow noopener">site</a></p>\n',
    ],
    [
      'a link title stays',
      '[site](https://example.com "Home")',
      '<p><a href="https://example.com" title="Home" rel="nofollow noopener">site</a></p>\n',
    ],
    [
      'mailto links are kept',
      '[write](mailto:shop@example.com)',
      '<p><a href="mailto:shop@example.com" rel="nofollow noopener">write</a></p>\n',
    ],
    [
      'an autolink to the web is a link',
      '<https://example.com>',
      '<p><a href="https://example.com" rel="nofollow noopener">https://example.com</a></p>\n',
    ],
    [
      'a path on this store is a link',
      '[Atlas](/store/product/abc)',
      '<p><a href="/store/product/abc" rel="nofollow noopener">Atlas</a></p>\n',
    ],
    [
      'a reference link to the web is a link',
      '[guide][g]\n\n[g]: https://example.com/g',
      '<p><a href="https://example.com/g" rel="nofollow noopener">guide</a></p>\n',
    ],
    [
      'an image shows as its words, not a picture',
      '![A cover](https://example.com/c.png)',
      '<p>A cover</p>\n',
    ],
    [
      'an image from the store shows as its words too',
      '![Cover](/media/images/abcdefghijklmnop/original.png)',
      '<p>Cover</p>\n',
    ],
  ])('%s', (_name, source, html) => {
    expect(renderMarkdown(source)).toBe(html);
  });
});

describe('attacks render inert', () => {
  test.each([
    [
      'a script element',
      '<script>alert(1)</script>',
      '<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>\n',
    ],
    [
      'a script block',
      '<script>\nalert(1)\n</script>',
      '<p>&lt;script&gt;<br />\nalert(1)<br />\n&lt;/script&gt;</p>\n',
    ],
    [
      'an image with onerror',
      '<img src=x onerror="alert(1)">',
      '<p>&lt;img src=x onerror=&quot;alert(1)&quot;&gt;</p>\n',
    ],
    ['a javascript: link', '[x](javascript:alert(1))', '<p>[x](javascript:alert(1))</p>\n'],
    [
      'an upper-case JAVASCRIPT: link',
      '[x](JAVASCRIPT:alert(1))',
      '<p>[x](JAVASCRIPT:alert(1))</p>\n',
    ],
    [
      'a javascript: link split by a tab',
      '[x](java\tscript:alert(1))',
      '<p>[x](java\tscript:alert(1))</p>\n',
    ],
    [
      'a data: link',
      '[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
      '<p>[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)</p>\n',
    ],
    ['a vbscript: link', '[x](vbscript:msgbox)', '<p>[x](vbscript:msgbox)</p>\n'],
    [
      'an entity-encoded javascript&#58; link',
      '[x](javascript&#58;alert(1))',
      '<p>[x](javascript:alert(1))</p>\n',
    ],
    [
      'a hex entity-encoded link',
      '[x](&#x6A;avascript:alert(1))',
      '<p>[x](javascript:alert(1))</p>\n',
    ],
    ['a javascript: autolink', '<javascript:alert(1)>', '<p>&lt;javascript:alert(1)&gt;</p>\n'],
    [
      'a reference link to javascript:',
      '[x][r]\n\n[r]: javascript:alert(1)',
      '<p>[x][r]</p>\n<p>[r]: javascript:alert(1)</p>\n',
    ],
    ['a file: link', '[x](file:///etc/passwd)', '<p>[x](file:///etc/passwd)</p>\n'],
    ['a protocol-relative link', '[x](//evil.example)', '<p>[x](//evil.example)</p>\n'],
    [
      'a backslash after the slash is escaped, a path on this store',
      '[x](/\\evil.example)',
      '<p><a href="/%5Cevil.example" rel="nofollow noopener">x</a></p>\n',
    ],
    [
      'a quote breaking out of href',
      '[x](https://a.example/"onmouseover="alert(1))',
      '<p><a href="https://a.example/%22onmouseover=%22alert(1)" rel="nofollow noopener">x</a></p>\n',
    ],
    [
      'an image pointing at javascript:',
      '![x](javascript:alert(1))',
      '<p>![x](javascript:alert(1))</p>\n',
    ],
    [
      'an inline handler in raw HTML',
      '<a href="https://a.example" onclick="alert(1)">x</a>',
      '<p>&lt;a href=&quot;https://a.example&quot; onclick=&quot;alert(1)&quot;&gt;x&lt;/a&gt;</p>\n',
    ],
    ['an svg with onload', '<svg onload=alert(1)>', '<p>&lt;svg onload=alert(1)&gt;</p>\n'],
  ])('%s', (_name, source, html) => {
    const rendered = renderMarkdown(source);
    expect(rendered).toBe(html);
    expect(tagsIn(rendered).filter((tag) => !SAFE_TAG.test(tag))).toEqual([]);
  });
});

describe('plain-text descriptions read as before', () => {
  test.each([
    'A practical handbook for binding your own books: choosing paper grain, folding signatures, sewing on tapes, rounding and backing, and casing in. 38 pages with sixty diagrams and a tool list for every budget.',
    'Points of sail, knots, right of way and reading the weather, told through a first season on a small dinghy. Includes a glossary of sailing terms.',
    'A consistent line icon set on a 24 px grid, with SVG sources, PNG exports at three sizes and a licence for commercial use.',
    'Seven stories set aboard sleeper trains across Europe: strangers in couchettes, border stops at 3 a.m. and the dining car at dawn.',
    'Dusty drum loops, warm electric piano chords and vinyl textures for beatmakers, organised by tempo and key.',
    'Prices: 5 * 3 * 2 = 30, and 2 * 3 = 6.',
    'Files are named like my_file_name_v2.pdf and snake_case_words.',
    'Tagged #bookbinding and #diy, issue #42.',
    'See https://example.com/guide?a=1&b=2 for more.',
    'Use <b> for bold in HTML & friends.',
    'C:\\Users\\me\\Documents stays a path.',
    'Costs $5 - or €4 - per copy.',
  ])('%s', (text) => {
    expect(renderMarkdown(text)).toBe(`<p>${escape(text)}</p>\n`);
    expect(markdownToPlainText(text)).toBe(text);
  });

  test('line breaks and paragraphs are kept, indentation does not make code', () => {
    const text = 'First paragraph.\nStill the first.\n\n    Second, indented.';
    expect(renderMarkdown(text)).toBe(
      '<p>First paragraph.<br />\nStill the first.</p>\n<p>Second, indented.</p>\n',
    );
  });
});

test('known difference: stars around a word without spaces make emphasis, as CommonMark says', () => {
  expect(renderMarkdown('2*3*4')).toBe('<p>2<em>3</em>4</p>\n');
});

describe('plain text for meta tags and search', () => {
  test.each([
    [
      'marks are dropped',
      '# Title\n\nSome **bold** and *soft* `code`.',
      'Title\n\nSome bold and soft code.',
    ],
    [
      'links keep their words, not the address',
      'Read [the guide](https://example.com).',
      'Read the guide.',
    ],
    ['list items are blocks', '- one\n- two', 'one\n\ntwo'],
    ['an image keeps its words', 'A ![cover](https://e.example/c.png) here', 'A cover here'],
    ['fenced code keeps its text', '```\nmake all\n```', 'make all'],
    ['raw HTML is text, left for the page to escape', '<script>x</script>', '<script>x</script>'],
    ['line breaks stay', 'one\ntwo', 'one\ntwo'],
  ])('%s', (_name, source, text) => {
    expect(markdownToPlainText(source)).toBe(text);
  });
});
