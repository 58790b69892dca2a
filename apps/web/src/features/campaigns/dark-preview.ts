// The editor's dark-mode preview: the message readers get, as a mail client in dark mode draws it
// (Apple Mail, iOS, Outlook for Mac apply the message's own prefers-color-scheme styles). A
// preview frame cannot be put in dark mode by itself, so the message's dark-mode rules are
// applied unconditionally; nothing else of the HTML changes.

const DARK_QUERY = '@media (prefers-color-scheme: dark)';

export function darkPreviewHtml(html: string): string {
  return html.replaceAll(DARK_QUERY, '@media all');
}

/** Whether the message has dark-mode styles of its own (clients without any invert it their way). */
export const hasDarkStyles = (html: string) => html.includes(DARK_QUERY);
