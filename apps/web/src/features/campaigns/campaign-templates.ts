// The starting points offered for a new campaign. Plain HTML of the kinds the editor itself
// writes (headings, paragraphs, lists, links, buttons, rules), so every part stays editable.
// Buttons are the editor's own (inline-styled), so they look the same in the editor, the preview and the inbox.
// The words meant to be replaced come from STARTER_COPY, which the checks before sending look for.

import { type BrandKit, brandButtonStyle } from '@postlark/shared/brand-kit';
import { EMAIL_BUTTON_STYLE, emailButtonHtml, escapeAttribute } from '@postlark/shared/email-button';
import { STARTER_COPY } from '@postlark/shared/starter-copy';

export interface CampaignTemplate {
  id: string;
  name: string;
  description: string;
  /** Suggested subject line; the customer may change it. */
  subject: string;
  html: string;
}

const GREETING = '<p>Hi {{ first_name | default: "there" }},</p>';

export const CAMPAIGN_TEMPLATES: readonly CampaignTemplate[] = [
  {
    id: 'newsletter',
    name: 'Newsletter',
    description: 'A headline, a few short stories with links, and a button to read more.',
    subject: 'This week: three things worth your time',
    html: [
      '<h1>This week at a glance</h1>',
      GREETING,
      '<p>Here is what we have been working on, and what we think you will like.</p>',
      '<h2>The big story</h2>',
      `<p>${STARTER_COPY.newsletterStory}</p>`,
      emailButtonHtml('https://example.com', 'Read the full story'),
      '<hr>',
      '<h2>Also worth a look</h2>',
      `<ul><li><p><a href="https://example.com">A useful link</a>: ${STARTER_COPY.newsletterLinkWhy}</p></li><li><p><a href="https://example.com">Another one</a>: ${STARTER_COPY.newsletterLinkWhy}</p></li></ul>`,
      '<p>Until next time,<br>The team</p>',
    ].join(''),
  },
  {
    id: 'announcement',
    name: 'Announcement',
    description: 'One piece of news, told plainly, with a single call to action.',
    subject: 'Something new for you',
    html: [
      '<h1>Introducing something new</h1>',
      GREETING,
      `<p>We are glad to share that <strong>it is here</strong>. ${STARTER_COPY.announcementWhat}</p>`,
      `<ul><li><p>${STARTER_COPY.announcementFirst}</p></li><li><p>${STARTER_COPY.announcementSecond}</p></li><li><p>${STARTER_COPY.announcementThird}</p></li></ul>`,
      emailButtonHtml('https://example.com', 'Try it now'),
      '<p>Questions? Just reply to this email.</p>',
    ].join(''),
  },
  {
    id: 'plain-letter',
    name: 'Plain letter',
    description: 'A personal note: no images, no buttons, just words.',
    subject: 'A quick note',
    html: [GREETING, `<p>${STARTER_COPY.letterBody}</p>`, '<p>Thanks for reading,<br>Your name</p>'].join(''),
  },
];

/** Templates that show images begin with the logo; the plain letter stays words only. */
const WITH_LOGO = new Set(['newsletter', 'announcement']);

/**
 * A template drawn with the account's brand kit: its buttons in the kit's colours and shape, and
 * the logo on top where the template has images. Without a kit, the template as it is.
 */
export function brandedTemplate(template: CampaignTemplate, kit: BrandKit | null): CampaignTemplate {
  if (!kit) return template;
  let html = template.html.split(`style="${EMAIL_BUTTON_STYLE}"`).join(`style="${brandButtonStyle(kit)}"`);
  if (kit.logo && WITH_LOGO.has(template.id)) {
    const { url, alt, width, height } = kit.logo;
    html = `<p><img src="${escapeAttribute(url)}" alt="${escapeAttribute(alt)}" width="${width}" height="${height}"></p>${html}`;
  }
  return { ...template, html };
}

export function templateById(id: string): CampaignTemplate | undefined {
  return CAMPAIGN_TEMPLATES.find((template) => template.id === id);
}
