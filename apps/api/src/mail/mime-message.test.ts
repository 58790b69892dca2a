import { simpleParser } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { mimeMessage, type MimeMessageParts } from './mime-message';

const parts = (overrides: Partial<MimeMessageParts> = {}): MimeMessageParts => ({
  from: { name: 'Lark Letters', address: 'news@lark.example' },
  to: 'reader@example.com',
  replyTo: 'hello@lark.example',
  subject: 'Hello there',
  messageId: '<0190-abc@lark.example>',
  date: new Date('2026-11-24T10:15:00Z'),
  headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  text: 'Hello\nworld',
  html: '<p>Hello</p>',
  ...overrides,
});

describe('a campaign message put together for the relay', () => {
  it('reads back, through a mail parser, with every header and both parts as they were given', async () => {
    const longUrl = `https://lark.example/u/${'a'.repeat(90)}/one-click`;
    const text = `Grüße, Zoë! 👋\n.a line that starts with a dot\nFrom the start of a line\n${'word '.repeat(40)}end\ntrailing spaces   \n\n= signs = and tabs\there`;
    const html = `<!doctype html><html><body><p style="color:#1f2937">Café — ${'long '.repeat(60)}</p>\n<p>.dot</p></body></html>`;
    const raw = mimeMessage(
      parts({
        from: { name: 'Lark "Letters", Ltd', address: 'news@lark.example' },
        subject: 'Zoë, this week at Lark Letters ✨ and a subject long enough to need folding over two lines',
        headers: { 'List-Unsubscribe': `<${longUrl}>, <mailto:news@lark.example?subject=Unsubscribe>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
        text,
        html,
      }),
    );
    const mail = await simpleParser(raw);
    expect(mail.from?.value).toEqual([{ name: 'Lark "Letters", Ltd', address: 'news@lark.example' }]);
    expect(mail.to && !Array.isArray(mail.to) ? mail.to.value : []).toEqual([{ name: '', address: 'reader@example.com' }]);
    expect(mail.replyTo?.value).toEqual([{ name: '', address: 'hello@lark.example' }]);
    expect(mail.subject).toBe('Zoë, this week at Lark Letters ✨ and a subject long enough to need folding over two lines');
    expect(mail.messageId).toBe('<0190-abc@lark.example>');
    expect(mail.date?.toISOString()).toBe('2026-11-24T10:15:00.000Z');
    // mailparser folds List-* headers into one structure: the lines themselves are read here.
    const headerLine = (key: string) => mail.headerLines.find((line) => line.key === key)?.line.replace(/\r\n\s+/g, ' ');
    expect(headerLine('list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(headerLine('list-unsubscribe')).toBe(`List-Unsubscribe: <${longUrl}>, <mailto:news@lark.example?subject=Unsubscribe>`);
    expect(mail.text).toBe(text);
    expect(mail.html).toBe(html);
    // RFC 5322: lines of at most 998 characters, and 78 wherever the encoder can fold.
    const lines = raw.toString('utf8').split('\r\n');
    // Only the one unbreakable address runs longer: headers fold at spaces, and it has none.
    expect(lines.filter((line) => line.length > 78)).toEqual([` <${longUrl}>,`]);
    expect(raw.toString('utf8')).not.toMatch(/[^\r]\n/);
  });

  it('encodes a sender name that is not ASCII as an encoded word', async () => {
    const raw = mimeMessage(parts({ from: { name: 'Café Lark', address: 'news@lark.example' } }));
    expect(raw.toString('utf8')).toMatch(/^From: =\?UTF-8\?Q\?Caf=C3=A9_Lark\?= <news@lark\.example>\r\n/m);
    expect((await simpleParser(raw)).from?.value).toEqual([{ name: 'Café Lark', address: 'news@lark.example' }]);
  });

  it('cannot be given another header through a line break in a name or subject', async () => {
    const raw = mimeMessage(parts({ from: { name: 'Lark\r\nBcc: victim@example.com', address: 'news@lark.example' }, subject: 'Hi\nX-Injected: yes' }));
    const mail = await simpleParser(raw);
    expect(mail.bcc).toBeUndefined();
    expect(mail.headers.has('x-injected')).toBe(false);
    expect(mail.subject).toBe('Hi X-Injected: yes');
  });

  it('leaves out Reply-To when there is none', async () => {
    const mail = await simpleParser(mimeMessage(parts({ replyTo: '' })));
    expect(mail.replyTo).toBeUndefined();
    expect(mail.text).toBe('Hello\nworld');
  });
});
