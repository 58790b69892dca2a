import Link from '@tiptap/extension-link';

// An email button is a link drawn as a button. Mail clients ignore style sheets, so the look
// travels inline on the link; the class tells the editor (and the customer's HTML) which it is.
export const EMAIL_BUTTON_CLASS = 'email-button';
export const EMAIL_BUTTON_STYLE =
  'display:inline-block;padding:12px 24px;border-radius:8px;background:#4f46e5;color:#ffffff;font-weight:600;text-decoration:none;';

/** Links that keep a class and an inline style, so buttons survive a round trip through the editor. */
export const EmailLink = Link.extend({
  addAttributes() {
    return {
      ...this.parent?.(),
      class: { default: null, parseHTML: (element) => element.getAttribute('class'), renderHTML: (attrs) => (attrs.class ? { class: attrs.class as string } : {}) },
      style: { default: null, parseHTML: (element) => element.getAttribute('style'), renderHTML: (attrs) => (attrs.style ? { style: attrs.style as string } : {}) },
    };
  },
}).configure({
  openOnClick: false,
  autolink: true,
  defaultProtocol: 'https',
  protocols: ['mailto'],
  HTMLAttributes: { target: '_blank', rel: 'noopener noreferrer', class: null },
});
