import { EMAIL_WIDTH, PHONE_BREAKPOINT } from '@postlark/shared/layout-blocks';
import { CARD_CLASS, HIDE_CLASSES, type MjmlContent, numberedLinks, TEXT_CLASS } from './content-to-mjml';
import { FOOTER_CLASS } from './email-footer';
import type { EmailLook } from './email-look';
import { LayoutError, renderMjml } from './mjml-renderer';

// The whole message as MJML: the head drawn with the brand kit (fonts, colours, the web font, the
// styles that hide blocks per device and repaint for dark mode), the content's sections, and the
// footer's. Rendered once per prepared campaign; what differs per reader (the title, the hidden
// preheader, the content's merge tags and tracking, the preference link) is filled into the parts
// it is split into at its slots.

/** The message as rendered, cut where each reader's parts go: start + title + … + preheader + content + footer + end. */
export interface EmailDocument {
  /** Up to the title's text. */
  beforeTitle: string;
  /** From the title's end to where the preheader goes. */
  afterTitle: string;
  /** The content's sections (a template: merge tags, block markers and link numbers in it). */
  content: string;
  /** The footer's sections, the preference link as FOOTER_PREFERENCES; '' when there is none. */
  footer: string;
  end: string;
}

const SLOT = { preheader: '<!--postlark-slot:preheader-->', footer: '<!--postlark-slot:footer-->', end: '<!--postlark-slot:end-->' } as const;
const TITLE = '<title></title>';
/** The page behind the message's column: a shade off the content's own background. */
export const OUTER_BACKGROUND = '#f6f7fb';
/** What is drawn on that page (the body, the footer): dark mode repaints it. */
export const OUTER_CLASS = 'postlark-outer';
const DARK = { outer: '#111318', card: '#1c1f26', text: '#e8eaef', link: '#a5b4fc' } as const;

const attr = (value: string) => value.replaceAll('"', '&quot;').replaceAll('<', '&lt;');

function head(look: EmailLook): string {
  const { colors } = look;
  const webFont = look.webFont ? `<mj-font name="${attr(look.webFont.family)}" href="${attr(look.webFont.cssUrl)}" />` : '';
  return `<mj-head>${webFont}
<mj-attributes>
<mj-all font-family="${attr(look.bodyFont)}" />
<mj-section background-color="${colors.background}" padding="0" />
<mj-column padding="0" />
<mj-text font-size="16px" line-height="1.6" color="${colors.text}" />
<mj-button font-size="16px" font-weight="600" inner-padding="12px 24px" align="left" />
<mj-image align="center" />
</mj-attributes>
<mj-style inline="inline">
p { margin: 0 0 16px; }
h1, h2, h3 { font-family: ${look.headingFont}; color: ${colors.text}; margin: 0 0 12px; line-height: 1.25; }
h1 { font-size: 28px; } h2 { font-size: 22px; } h3 { font-size: 18px; }
ul, ol { margin: 0 0 16px; padding-left: 24px; }
blockquote { margin: 0 0 16px; padding: 4px 0 4px 16px; border-left: 3px solid ${colors.primary}; }
a { color: ${colors.link}; }
img { max-width: 100%; height: auto; }
</mj-style>
<mj-style>
@media only screen and (max-width:${PHONE_BREAKPOINT - 1}px) { .${HIDE_CLASSES.phone} { display: none !important; max-height: 0 !important; overflow: hidden !important; } }
@media only screen and (min-width:${PHONE_BREAKPOINT}px) { .${HIDE_CLASSES.desktop} { display: none !important; max-height: 0 !important; overflow: hidden !important; } }
:root { color-scheme: light dark; supported-color-schemes: light dark; }
@media (prefers-color-scheme: dark) {
  body, .${OUTER_CLASS}, .${OUTER_CLASS} > table { background: ${DARK.outer} !important; }
  .${CARD_CLASS}, .${CARD_CLASS} > table { background: ${DARK.card} !important; }
  .${TEXT_CLASS} div, .${TEXT_CLASS} p, .${TEXT_CLASS} li, .${TEXT_CLASS} h1, .${TEXT_CLASS} h2, .${TEXT_CLASS} h3, .${FOOTER_CLASS} div { color: ${DARK.text} !important; }
  .${TEXT_CLASS} a, .${FOOTER_CLASS} a { color: ${DARK.link} !important; }
}
</mj-style>
</mj-head>`;
}

/** The MJML of the whole message; `footer`: the footer's sections, or null for none. */
export function emailMjml(content: MjmlContent, look: EmailLook, footer: string | null): string {
  return `<mjml lang="en" dir="auto">${head(look)}
<mj-body width="${EMAIL_WIDTH}px" background-color="${OUTER_BACKGROUND}" css-class="${OUTER_CLASS}">
<mj-raw>${SLOT.preheader}</mj-raw>
<mj-section padding="16px 0 0" background-color="${OUTER_BACKGROUND}" css-class="${OUTER_CLASS}"><mj-column></mj-column></mj-section>
<mj-section padding="16px 0" css-class="${CARD_CLASS}"><mj-column></mj-column></mj-section>
${content.sections}
<mj-section padding="16px 0" css-class="${CARD_CLASS}"><mj-column></mj-column></mj-section>
<mj-raw>${SLOT.footer}</mj-raw>
${footer ?? ''}
<mj-raw>${SLOT.end}</mj-raw>
</mj-body></mjml>`;
}

/** The message rendered by MJML and cut at its slots. Throws LayoutError (mjml-renderer.ts). */
export async function renderEmailDocument(content: MjmlContent, look: EmailLook, footer: string | null): Promise<EmailDocument> {
  const html = numberedLinks(await renderMjml(emailMjml(content, look, footer)));
  const dark = '<meta name="color-scheme" content="light dark"><meta name="supported-color-schemes" content="light dark">';
  const withMeta = html.replace('<head>', `<head>${dark}`);
  const [start = '', rest = ''] = cut(withMeta, SLOT.preheader);
  const [beforeTitle = '', afterTitle = ''] = cut(start, TITLE);
  const [sections = '', tail = ''] = cut(rest, SLOT.footer);
  const [footerPart = '', end = ''] = cut(tail, SLOT.end);
  return { beforeTitle: `${beforeTitle}<title>`, afterTitle: `</title>${afterTitle}`, content: sections, footer: footerPart, end };
}

function cut(text: string, at: string): [string, string] {
  const index = text.indexOf(at);
  if (index < 0) throw new LayoutError(`The rendered email has no ${at}.`);
  return [text.slice(0, index), text.slice(index + at.length)];
}
