// The starting points offered for a new campaign. HTML of the kinds the editor itself writes
// (headings, paragraphs, lists, links, buttons, rules, columns, spacers, recommended products),
// so every part stays editable.
// Buttons are the editor's own (inline-styled), so they look the same in the editor, the preview and the inbox.
// The words meant to be replaced come from STARTER_COPY, which the checks before sending look for.

import { type BrandKit, brandButtonStyle } from './brand-kit';
import { EMAIL_BUTTON_STYLE, emailButtonHtml, escapeAttribute } from './email-button';
import { BLOCK_ATTRIBUTES } from './content-blocks';
import { columnsHtml, spacerHtml } from './layout-blocks';
import { STARTER_COPY } from './starter-copy';

export interface CampaignTemplate {
  id: string;
  name: string;
  description: string;
  /** Suggested subject line; the customer may change it. */
  subject: string;
  html: string;
}

const GREETING = '<p>Hi {{ first_name | default: "there" }},</p>';
const LINK = 'https://example.com';
const story = (title: string, button: string) => `<h2>${title}</h2><p>${STARTER_COPY.digestStory}</p>${emailButtonHtml(LINK, button)}`;

/** The gallery (issue 33, point 5): each built from the editor's blocks, drawn with the brand kit when chosen. */
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
      emailButtonHtml(LINK, 'Read the full story'),
      '<hr>',
      '<h2>Also worth a look</h2>',
      `<ul><li><p><a href="${LINK}">A useful link</a>: ${STARTER_COPY.newsletterLinkWhy}</p></li><li><p><a href="${LINK}">Another one</a>: ${STARTER_COPY.newsletterLinkWhy}</p></li></ul>`,
      '<p>Until next time,<br>The team</p>',
    ].join(''),
  },
  {
    id: 'digest',
    name: 'Digest',
    description: 'Several stories side by side, each with its summary and a link.',
    subject: 'Your digest: the stories of the week',
    html: [
      '<h1>The week in stories</h1>',
      GREETING,
      '<p>The pieces worth your time, in one place.</p>',
      story('The first story', 'Read it'),
      '<hr>',
      columnsHtml([story('A second story', 'Read it'), story('A third story', 'Read it')]),
      '<hr>',
      columnsHtml([story('Quick read', 'Read it'), story('From the archive', 'Read it')]),
      '<p>Forwarded this? Subscribe to get the next one.</p>',
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
      emailButtonHtml(LINK, 'Try it now'),
      '<p>Questions? Just reply to this email.</p>',
    ].join(''),
  },
  {
    id: 'product-launch',
    name: 'Product launch',
    description: 'What you made, three things it does in columns, and where to get it.',
    subject: 'It is here: meet our newest product',
    html: [
      '<h1>Meet the newest thing we made</h1>',
      GREETING,
      `<p>${STARTER_COPY.launchWhat}</p>`,
      emailButtonHtml(LINK, 'See it now'),
      spacerHtml(16),
      columnsHtml(['<h3>Fast</h3>', '<h3>Simple</h3>', '<h3>Yours</h3>'].map((title) => `${title}<p>${STARTER_COPY.launchFeature}</p>`)),
      '<hr>',
      '<p>Made with care by the team. Reply and tell us what you think.</p>',
    ].join(''),
  },
  {
    id: 'sale',
    name: 'Sale',
    description: 'A bold offer, its code, one button, and the small print.',
    subject: 'Our sale starts now',
    html: [
      '<h1>The sale is on</h1>',
      GREETING,
      `<p><strong>${STARTER_COPY.saleOffer}</strong></p>`,
      '<h2>Use the code SAVE20 at checkout</h2>',
      emailButtonHtml(LINK, 'Shop the sale'),
      spacerHtml(24),
      '<hr>',
      `<p><em>${STARTER_COPY.saleSmallPrint}</em></p>`,
    ].join(''),
  },
  {
    id: 'welcome',
    name: 'Welcome',
    description: 'A warm hello to a new subscriber: what to expect, and the best place to start.',
    subject: 'Welcome! Here is what to expect',
    html: [
      '<h1>Welcome aboard</h1>',
      GREETING,
      `<p>${STARTER_COPY.welcomeFirst}</p>`,
      '<h2>Where to start</h2>',
      `<p>${STARTER_COPY.welcomeBest}</p>`,
      emailButtonHtml(LINK, 'Start reading'),
      '<p>Reply any time: a real person reads every answer.</p>',
    ].join(''),
  },
  {
    id: 're-engagement',
    name: 'Re-engagement',
    description: 'For readers who went quiet: what they missed, and a way to stay.',
    subject: 'Should we keep writing to you?',
    html: [
      '<h1>We have missed you</h1>',
      GREETING,
      `<p>${STARTER_COPY.reengageMissed}</p>`,
      emailButtonHtml(LINK, 'Yes, keep me subscribed'),
      '<p>If these emails are no longer for you, the link at the bottom lets you leave or choose fewer.</p>',
    ].join(''),
  },
  {
    id: 'event-invitation',
    name: 'Event invitation',
    description: 'What, when and where, side by side, with a button to reply.',
    subject: 'You are invited',
    html: [
      '<h1>You are invited</h1>',
      GREETING,
      `<p>${STARTER_COPY.eventWhat}</p>`,
      columnsHtml([`<h3>When</h3><p>${STARTER_COPY.eventWhen}</p>`, `<h3>Where</h3><p>${STARTER_COPY.eventWhere}</p>`]),
      emailButtonHtml(LINK, 'Save my seat'),
      '<p>Cannot make it? Reply and we will send you the recording.</p>',
    ].join(''),
  },
  {
    id: 'order-follow-up',
    name: 'Order follow-up',
    description: 'After a purchase: how it is going, a review request, and what goes with it.',
    subject: 'How is your order?',
    html: [
      '<h1>How is it going?</h1>',
      GREETING,
      `<p>${STARTER_COPY.reviewAsk}</p>`,
      emailButtonHtml(LINK, 'Write a review'),
      '<hr>',
      '<h2>You might also like</h2>',
      `<div ${BLOCK_ATTRIBUTES.block}="recommendations" ${BLOCK_ATTRIBUTES.count}="3" ${BLOCK_ATTRIBUTES.layout}="grid"></div>`,
    ].join(''),
  },
  {
    id: 'abandoned-cart',
    name: 'Abandoned cart',
    description: 'A friendly reminder of what was left in the cart, with a way back.',
    subject: 'You left something behind',
    html: [
      '<h1>You left something behind</h1>',
      GREETING,
      `<p>${STARTER_COPY.cartReminder}</p>`,
      emailButtonHtml(LINK, 'Return to my cart'),
      '<h2>Picked for you</h2>',
      `<div ${BLOCK_ATTRIBUTES.block}="recommendations" ${BLOCK_ATTRIBUTES.count}="3" ${BLOCK_ATTRIBUTES.layout}="grid"></div>`,
      '<p>Questions about your order? Just reply.</p>',
    ].join(''),
  },
  {
    id: 'episode',
    name: 'Episode notes',
    description: 'A new episode or podcast: the summary, a button to listen, and its notes.',
    subject: 'New episode: listen now',
    html: [
      '<h1>Episode 12: the title of the episode</h1>',
      GREETING,
      `<p>${STARTER_COPY.episodeSummary}</p>`,
      emailButtonHtml(LINK, 'Listen now'),
      '<h2>In this episode</h2>',
      `<ul><li><p>${STARTER_COPY.episodeMoment}</p></li><li><p>${STARTER_COPY.episodeMoment}</p></li></ul>`,
      columnsHtml([`<h3>Show notes</h3><p><a href="${LINK}">Everything we mentioned</a></p>`, `<h3>Subscribe</h3><p><a href="${LINK}">Find us in your podcast app</a></p>`]),
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

/** Every template begins with the logo but the plain letter, which stays words only. */
const WITHOUT_LOGO = new Set(['plain-letter']);

/**
 * A template drawn with the account's brand kit: its buttons in the kit's colours and shape, and
 * the logo on top where the template has images. Without a kit, the template as it is.
 */
export function brandedTemplate(template: CampaignTemplate, kit: BrandKit | null): CampaignTemplate {
  if (!kit) return template;
  let html = template.html.split(`style="${EMAIL_BUTTON_STYLE}"`).join(`style="${brandButtonStyle(kit)}"`);
  if (kit.logo && !WITHOUT_LOGO.has(template.id)) {
    const { url, alt, width, height } = kit.logo;
    html = `<p><img src="${escapeAttribute(url)}" alt="${escapeAttribute(alt)}" width="${width}" height="${height}"></p>${html}`;
  }
  return { ...template, html };
}

export function templateById(id: string): CampaignTemplate | undefined {
  return CAMPAIGN_TEMPLATES.find((template) => template.id === id);
}

/** The gallery, under /api: the dashboard's (a session) and the public API's at /v1/templates (a key). */
export const TEMPLATE_GALLERY_PATH = 'campaigns/v1/templates';

/** Where a gallery template comes from: one of the product's, or saved by the account ("Your templates"). */
export const TEMPLATE_SOURCES = ['built_in', 'own'] as const;
export type TemplateSource = (typeof TEMPLATE_SOURCES)[number];

/** One template as the gallery lists it: drawn with the account's brand kit, and laid out as readers get it. */
export interface TemplateGalleryItem extends CampaignTemplate {
  source: TemplateSource;
  /** The message the template makes, for a sample reader: the thumbnail and the preview. */
  preview_html: string;
}
