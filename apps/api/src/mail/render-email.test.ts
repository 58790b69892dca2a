import { describe, expect, it } from 'vitest';
import { renderEmail } from './render-email';

describe('an account email as it is sent', () => {
  it('is an XHTML document with the link, free of React hydration markers, and has the same words as plain text', async () => {
    const link = 'https://postlark.example/reset-password?token=abc&uid=7';
    const email = await renderEmail({ template: 'password-reset', to: 'reader@example.com', link }, 'https://postlark.example');

    expect(email.subject).toBe('Reset your Postlark password');
    expect(email.html.startsWith('<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN"')).toBe(true);
    expect(email.html).toContain('href="https://postlark.example/reset-password?token=abc&amp;uid=7"');
    expect(email.html).toContain('This link is valid for 60 minutes and works once.');
    // The streaming renderer leaves <!--$--> and <!-- --> markers only a browser hydrating React
    // needs; the button's Outlook conditional comments (<!--[if mso]>) belong to the mail.
    expect(email.html).not.toMatch(/<!--(\$|\/\$| |html|head|body)-->/);
    expect(email.html).toContain('<!--[if mso]>');
    expect(email.text).toContain('This link is valid for 60 minutes and works once.');
    expect(email.text).toContain(link);
    expect(email.text).not.toContain('<');
  });
});
