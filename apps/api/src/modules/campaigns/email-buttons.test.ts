import { describe, expect, it } from 'vitest';
import { EMAIL_BUTTON_STYLE, emailButtonHtml } from '@postlark/shared/email-button';
import { styleEmailButtons } from './email-buttons';

describe('buttons in the sent mail', () => {
  it('gives a button without an inline style the editor button look, and leaves other links and styled buttons alone', () => {
    const html = '<p><a class="email-button" href="https://example.com/a">Read</a> <a href="https://example.com/b">plain</a> <a class="big email-button" style="color:red" href="#">Mine</a></p>';
    expect(styleEmailButtons(html)).toBe(
      `<p><a style="${EMAIL_BUTTON_STYLE}" class="email-button" href="https://example.com/a">Read</a> <a href="https://example.com/b">plain</a> <a class="big email-button" style="color:red" href="#">Mine</a></p>`,
    );
  });

  it('keeps the editor own button as written', () => {
    const button = emailButtonHtml('https://example.com/?a=1&b="2"', 'Try <it>');
    expect(styleEmailButtons(button)).toBe(button);
    expect(button).toContain('href="https://example.com/?a=1&amp;b=&quot;2&quot;"');
  });
});
