import { describe, expect, it } from 'vitest';
import { encodeCondition } from '@postlark/shared/content-blocks';
import { sanitiseDraftHtml, unfence } from './draft-html';

describe('sanitiseDraftHtml', () => {
  it('keeps the markup the editor keeps', () => {
    const html = '<h2>Hi</h2><p>Read <strong>this</strong> and <em>that</em>, <a href="https://example.com/a?b=1&amp;c=2">here</a>.</p><ul><li>One</li></ul><hr><img src="https://example.com/i.png" alt="A">';
    expect(sanitiseDraftHtml(html)).toBe(
      '<h2>Hi</h2><p>Read <strong>this</strong> and <em>that</em>, <a href="https://example.com/a?b=1&#38;c=2">here</a>.</p><ul><li>One</li></ul><hr><img src="https://example.com/i.png" alt="A">',
    );
  });

  it('keeps the editor’s content blocks, their attributes written again, and unwraps any other div', () => {
    const condition = encodeCondition({ type: 'list', list_id: '0193a5b2-7c1d-7e00-8000-0000000000aa' });
    const html = `<div class="x"><p>a</p></div><div data-postlark-if="${condition}" onclick="x"><div><p>b</p></div></div><div data-postlark-block="recommendations" data-count="99" data-layout="list" style="x"></div><div data-postlark-if="nonsense"><p>c</p></div>`;
    expect(sanitiseDraftHtml(html)).toBe(
      `<p>a</p><div data-postlark-if="${condition}"><p>b</p></div><div data-postlark-block="recommendations" data-count="3" data-layout="list"></div><p>c</p>`,
    );
  });

  it('drops scripts, styles, attributes, dangerous addresses and tags the editor has not, keeping their text', () => {
    const html =
      '<html><head><title>T</title><style>p{}</style></head><body><div onclick="x()"><p style="color:red" class="c">Text<script>alert(1)</script></p><a href="javascript:alert(1)">bad</a><img src="data:image/png;base64,AA" onerror="x()"><h5>Small</h5><table><tr><td>cell</td></tr></table></div></body></html>';
    expect(sanitiseDraftHtml(html)).toBe('<p>Text</p>bad<h3>Small</h3>cell');
  });

  it('closes what the answer left open and escapes text that looks like markup', () => {
    expect(sanitiseDraftHtml('<p>a &lt;b&gt; <strong>bold')).toBe('<p>a &#60;b&#62; <strong>bold</strong></p>');
    expect(sanitiseDraftHtml('<ul><li>one<li>two</ul>')).toBe('<ul><li>one</li><li>two</li></ul>');
  });
});

describe('unfence', () => {
  it('takes the HTML out of a Markdown code fence', () => {
    expect(unfence('```html\n<p>Hi</p>\n```')).toBe('<p>Hi</p>');
    expect(unfence('<p>Hi</p>')).toBe('<p>Hi</p>');
    expect(unfence('```\n```')).toBe('');
    expect(unfence('``` html\n<p>Hi</p>\n```')).toBe('``` html\n<p>Hi</p>\n```');
  });

  it('reads a fence opened over 1 MB of newlines and never closed in one pass (a pattern backtracked on it)', () => {
    const open = `\`\`\`${'\n'.repeat(1024 * 1024)}<p>Hi</p>`;
    expect(unfence(open)).toBe(open);
    expect(unfence(`\`\`\`html${'\n'.repeat(1024 * 1024)}<p>Hi</p>\n\`\`\``)).toBe('<p>Hi</p>');
  });
});
