// An email button is a link drawn as a button. Mail clients ignore style sheets, so its look
// travels inline on the link; the class tells the editor (and the customer's HTML) which it is.
// One definition for the editor's Button, the starting templates and the sender, which gives a
// button that lost its style (a draft made before templates carried it) the same look.

export const EMAIL_BUTTON_CLASS = 'email-button';
export const EMAIL_BUTTON_STYLE =
  'display:inline-block;padding:12px 24px;border-radius:8px;background:#4f46e5;color:#ffffff;font-weight:600;text-decoration:none;';

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A button's paragraph as the editor writes it. */
export function emailButtonHtml(href: string, text: string): string {
  return `<p><a class="${EMAIL_BUTTON_CLASS}" style="${EMAIL_BUTTON_STYLE}" href="${escapeAttribute(href)}">${escapeAttribute(text)}</a></p>`;
}
