import { escapeHtml } from '../../lib/html';
import type { MailboxMessage } from './mailbox.service';

// The dev mailbox's pages: plain strings, every value escaped; the messages' own HTML is ours.


const PAGE_STYLE = `
  body { font-family: system-ui, sans-serif; margin: 0; color: #111827; background: #f9fafb; }
  header { background: #4f46e5; color: #fff; padding: 12px 24px; font-weight: 700; }
  main { padding: 16px 24px; }
  table { border-collapse: collapse; width: 100%; background: #fff; }
  th, td { text-align: left; padding: 8px 12px; border-bottom: 1px solid #e5e7eb; font-size: 14px; }
  th { color: #6b7280; font-weight: 600; }
  a { color: #4f46e5; }
  p.note { color: #6b7280; font-size: 14px; }
`;

export function listPage(messages: MailboxMessage[]): string {
  const rows = messages
    .map(
      (message) => `<tr>
        <td><time datetime="${escapeHtml(message.created_at)}">${escapeHtml(message.created_at.replace('T', ' ').slice(0, 19))}</time></td>
        <td>${escapeHtml(message.to)}</td>
        <td><a href="/dev/mailbox/${message.id}">${escapeHtml(message.subject)}</a></td>
        <td><a href="/dev/mailbox/${message.id}.txt">text</a></td>
      </tr>`,
    )
    .join('\n');
  const body = messages.length
    ? `<table><thead><tr><th>Time (UTC)</th><th>To</th><th>Subject</th><th></th></tr></thead><tbody>${rows}</tbody></table>`
    : '<p class="note">No messages yet. Mail the app sends appears here while no SMTP_URL is set.</p>';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Postlark dev mailbox</title>
<meta name="viewport" content="width=device-width, initial-scale=1"><style>${PAGE_STYLE}</style></head>
<body><header>Postlark dev mailbox</header><main>
<p class="note">Development outbox: mail is kept here instead of being sent, because SMTP_URL is not set. Newest first.</p>
${body}
</main></body></html>`;
}

/** The message's own HTML as the page, so its links work as in a mail client, under a bar back to the list. */
export function messagePage(message: MailboxMessage): string {
  const bar = `<div style="font:14px system-ui,sans-serif;background:#111827;color:#fff;padding:8px 16px">
<a href="/dev/mailbox" style="color:#c7d2fe">&larr; All messages</a>
&nbsp;&middot;&nbsp;To: ${escapeHtml(message.to)}
&nbsp;&middot;&nbsp;${escapeHtml(message.subject)}
&nbsp;&middot;&nbsp;<a href="/dev/mailbox/${message.id}.txt" style="color:#c7d2fe">Text part</a>
</div>`;
  // Found in one pass: /<body[^>]*>/ would rescan the rest from every "<body" that has no ">" (quadratic).
  const bodyStart = message.html.search(/<body/i);
  const at = bodyStart < 0 ? -1 : message.html.indexOf('>', bodyStart) + 1;
  if (at <= 0) return bar + message.html;
  return message.html.slice(0, at) + bar + message.html.slice(at);
}

export function notFoundPage(): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Not found</title><style>${PAGE_STYLE}</style></head>
<body><header>Postlark dev mailbox</header><main><p>No such message. <a href="/dev/mailbox">All messages</a></p></main></body></html>`;
}
