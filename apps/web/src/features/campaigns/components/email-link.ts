import Link from '@tiptap/extension-link';

// Buttons (@postlark/shared/email-button) are links whose look travels inline, so the class and
// the style attribute must both survive the editor.
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
