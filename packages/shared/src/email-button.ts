// An email button is a link drawn as a button. Mail clients ignore style sheets, so its look
// travels inline on the link; the class tells the editor (and the customer's HTML) which it is.
// One definition for the editor's Button, the starting templates and the sender, which gives a
// button that lost its style (a draft made before templates carried it) the same look.

export const EMAIL_BUTTON_CLASS = 'email-button';
/** A button's inline style in the given colours and corner radius (the brand kit's, or the product's own). */
export function emailButtonStyle(look: { background: string; color: string; radius: string } = { background: '#4f46e5', color: '#ffffff', radius: '8px' }): string {
  return `display:inline-block;padding:12px 24px;border-radius:${look.radius};background:${look.background};color:${look.color};font-weight:600;text-decoration:none;`;
}

export const EMAIL_BUTTON_STYLE = emailButtonStyle();

/** Text made safe inside a double-quoted HTML attribute. */
export const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A button's paragraph as the editor writes it, in the product's look or the brand kit's (`style`). */
export function emailButtonHtml(href: string, text: string, style = EMAIL_BUTTON_STYLE): string {
  return `<p><a class="${EMAIL_BUTTON_CLASS}" style="${style}" href="${escapeAttribute(href)}">${escapeAttribute(text)}</a></p>`;
}
