import { describe, expect, it } from 'vitest';
import { sanitiseDraftHtml, unfence } from './draft-html';

describe('sanitiseDraftHtml', () => {
  it('keeps the markup the editor keeps', () => {
    const html = '<h2>Hi</h2><p>Read <strong>this</strong> and <em>that</em>, <a href="https://example.com/a?b=1&amp;c=2">here</a>.</p><ul><li>One</li></ul><hr><img src="https://example.com/i.png" alt="A">';
    expect(sanitiseDraftHtml(html)).toBe(
      '<h2>Hi</h2><p>Read <strong>this</strong> and <em>that</em>, <a href="https://example.com/a?b=1&#38;c=2">here</a>.</p><ul><li>One</li></ul><hr><img src="https://example.com/i.png" alt="A">',
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
  });
});
