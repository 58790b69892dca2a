import { doIUseEmail } from '@jsx-email/doiuse-email';
import { emailButtonHtml } from '@postlark/shared/email-button';
import { encodeCondition } from '@postlark/shared/content-blocks';
import { describe, expect, it } from 'vitest';
import { buildCampaignMail, type CampaignLinks, prepareCampaign } from '../../modules/campaigns/campaign-message';
import type { CampaignRow } from '../../modules/campaigns/campaigns.repository';
import { conditionKey } from '../../modules/campaigns/content-blocks';
import type { Recipient } from '../../modules/campaigns/recipients.repository';
import { emailLook } from './email-look';
import { DEFAULT_BRAND_KIT } from '@postlark/shared/brand-kit';
import { CAMPAIGN_TEMPLATES } from '@postlark/shared/campaign-templates';

// The message as every reader gets it: the editor's blocks laid out by MJML, checked for what
// Outlook, Gmail, Apple Mail and Yahoo read (the caniemail data through doiuse-email), with the
// brand kit's look, the footer, tracking and "Show only to…" blocks per reader.

const links: CampaignLinks = {
  preferences: (id) => `https://app.example/u/${id}?a=1&b=2`,
  oneClick: (id) => `https://app.example/u/${id}/one-click`,
  tracking: {
    openPixel: (row) => `https://app.example/t/o/${row}`,
    click: (row, url, link) => `https://app.example/t/c/${row}/${link}?u=${encodeURIComponent(url)}`,
    openRow: () => null,
    clickRow: () => null,
  },
  untracked: (url) => url.startsWith('https://app.example/u/'),
  delivery: { listId: () => '<list.example>', feedbackId: () => 'c:1', correlation: () => 'x', messageIdOf: () => null },
};

const condition = { type: 'field', field: 'first_name', key: '', op: 'equals', value: 'Ada' } as const;

/** One of every block the editor writes. */
const EVERY_BLOCK = [
  '<h1>Spring letter for {{ first_name | default: "you" }}</h1>',
  '<p>Line one<br>line two &amp; <a href="https://shop.example/story">the story</a></p>',
  '<img src="https://app.example/media/a/1200.jpg" alt="Linen shirts on a rail" width="1200" height="800">',
  emailButtonHtml('https://shop.example/sale', 'Shop the sale'),
  '<hr>',
  '<div data-postlark-layout="columns"><div data-postlark-layout="column"><p>Left column</p></div><div data-postlark-layout="column"><p data-hide-on="phone">Right column</p>' +
    emailButtonHtml('https://shop.example/right', 'Right button') +
    '</div></div>',
  '<div data-postlark-layout="spacer" data-height="40"></div>',
  '<blockquote><p>A quote worth keeping.</p></blockquote>',
  '<ul><li>One</li><li>Two</li></ul>',
  `<div data-postlark-if="${encodeCondition(condition)}"><div data-postlark-layout="columns"><div data-postlark-layout="column"><p>Only for Ada, left</p></div><div data-postlark-layout="column"><p>Only for Ada, right</p></div></div></div>`,
  '<p data-hide-on="desktop">Phones only</p>',
].join('');

function row(contentHtml: string, tracking = true): CampaignRow {
  return {
    id: '00000000-0000-7000-8000-00000000000c',
    customerId: '00000000-0000-7000-8000-00000000000a',
    subject: 'Spring, {{ first_name | default: "friend" }}',
    preheader: 'New linen is in',
    fromName: 'Lark & Co',
    fromEmail: 'news@lark.example',
    replyTo: null,
    postalAddress: '1 Lark Lane, Leeds',
    tracking,
    contentHtml,
    contentText: null,
  } as unknown as CampaignRow;
}

const reader = (firstName: string, matched: boolean): Recipient => ({
  id: '00000000-0000-7000-8000-000000000001',
  email: 'ada@example.com',
  firstName,
  lastName: '',
  attributes: {},
  personal: { products: [], matched: new Set(matched ? [conditionKey(condition)] : []) },
});

async function mailFor(contentHtml: string, firstName = 'Ada', matched = true, look = emailLook()) {
  const prepared = await prepareCampaign(row(contentHtml), look);
  return buildCampaignMail(prepared, reader(firstName, matched), { id: 42, messageId: '<m@x>' }, links);
}

/** Every tag the HTML opens is closed, in order: what a half-dropped block would break. */
function unbalancedTags(html: string): string[] {
  const open: string[] = [];
  const problems: string[] = [];
  for (const match of html.matchAll(/<(\/?)(table|tr|td|div)\b/gi)) {
    const [, closing, name] = match as unknown as [string, string, string];
    if (!closing) open.push(name.toLowerCase());
    else if (open.pop() !== name.toLowerCase()) problems.push(`</${name}> at ${match.index}`);
  }
  return [...problems, ...open.map((name) => `<${name}> never closed`)];
}

/** The HTML every client but Outlook for Windows reads: its conditional comments left out. */
function outsideConditionals(html: string): string {
  const parts: string[] = [];
  let at = 0;
  for (let start = html.indexOf('<!--[if', at); start >= 0; start = html.indexOf('<!--[if', at)) {
    parts.push(html.slice(at, start));
    const end = html.indexOf('<![endif]-->', start);
    at = end < 0 ? html.length : end + '<![endif]-->'.length;
  }
  parts.push(html.slice(at));
  return parts.join('');
}

describe('the email layout', () => {
  it('lays every block out in role="presentation" tables with Outlook ghost tables, a 600 px column and fluid columns', async () => {
    const mail = await mailFor(EVERY_BLOCK);
    const html = mail.html;
    expect(html).toContain('role="presentation"');
    // Outlook for Windows reads the conditional tables; everyone else the fluid divs.
    expect(html).toContain('<!--[if mso | IE]><table align="center" border="0" cellpadding="0" cellspacing="0"');
    expect(html).toContain('max-width:600px');
    expect(html).toMatch(/\.mj-column-per-50 \{ width:50% !important; max-width: 50%; \}/);
    expect(html).toContain('<meta name="color-scheme" content="light dark">');
    expect(html).toContain('@media (prefers-color-scheme: dark)');
    expect(html).toContain('<title>Spring, Ada</title>');
    expect(html).toContain('Spring letter for Ada');
    expect(html).toContain('New linen is in');
    // The image at most the column's width, the spacer its height, the hidden block its class.
    expect(html).toMatch(/<img alt="Linen shirts on a rail"[^>]*src="https:\/\/app\.example\/media\/a\/1200\.jpg"[^>]*width="552"/);
    expect(html).toContain('height:40px');
    expect(html).toMatch(/class="postlark-text postlark-hide-phone"/);
    expect(html).toMatch(/<!--\[if !mso\]><!-->[\s\S]*Phones only[\s\S]*<!--<!\[endif\]-->/);
    expect(unbalancedTags(outsideConditionals(html))).toEqual([]);
    // No font is fetched from a third party for every reader (MJML imports Google's by default).
    expect(html).not.toContain('fonts.googleapis.com');
  });

  it('tracks every link the customer wrote, the buttons MJML draws too, and none of the footer', async () => {
    const html = (await mailFor(EVERY_BLOCK)).html;
    expect(html).toContain('href="https://app.example/t/c/42/0?u=https%3A%2F%2Fshop.example%2Fstory"');
    expect(html).toContain('href="https://app.example/t/c/42/1?u=https%3A%2F%2Fshop.example%2Fsale"');
    expect(html).toContain('href="https://app.example/t/c/42/2?u=https%3A%2F%2Fshop.example%2Fright"');
    expect(html).not.toContain('data-postlark-link');
    expect(html).toContain('href="https://app.example/u/00000000-0000-7000-8000-000000000001?a=1&#38;b=2"');
    expect(html).toContain('<img src="https://app.example/t/o/42"');
  });

  it('leaves a "Show only to…" block out whole for a reader it does not match, tables still closed', async () => {
    const shown = (await mailFor(EVERY_BLOCK, 'Ada', true)).html;
    const hidden = (await mailFor(EVERY_BLOCK, 'Bea', false)).html;
    expect(shown).toContain('Only for Ada, left');
    expect(hidden).not.toContain('Only for Ada');
    expect(unbalancedTags(outsideConditionals(hidden))).toEqual([]);
    expect(hidden).toContain('Spring letter for Bea');
  });

  it('draws with the brand kit: fonts, text and link colours, button shape, the web font, social links in the footer', async () => {
    const look = emailLook({
      ...DEFAULT_BRAND_KIT,
      colors: { primary: '#0f766e', text: '#112233', background: '#fffaf0', link: '#b45309', button: '#0f766e', button_text: '#fefefe' },
      fonts: { body: 'georgia', heading: 'trebuchet', web_font: { family: 'Inter', css_url: 'https://fonts.example/inter.css' } },
      button_shape: 'pill',
      social_links: [{ network: 'instagram', url: 'https://instagram.com/lark' }],
    });
    const html = (await mailFor('<h2>Hello</h2><p>Text <a href="https://e.example">link</a></p><p><a class="email-button" href="https://e.example/b">Go</a></p>', 'Ada', true, look)).html;
    expect(html).toContain("font-family:Georgia, 'Times New Roman', Times, serif");
    expect(html).toMatch(/<h2 style="[^"]*font-family: 'Inter', 'Trebuchet MS'/);
    expect(html).toContain('color:#112233');
    expect(html).toContain('background-color:#fffaf0');
    expect(html).toMatch(/<a href="[^"]*e\.example[^"]*" style="color: #b45309;">link<\/a>/);
    // A button without a style of its own takes the kit's colours and shape.
    expect(html).toMatch(/bgcolor="#0f766e"[^>]*style="[^"]*border-radius:999px/);
    expect(html).toContain('href="https://fonts.example/inter.css"');
    expect(html).toMatch(/<a href="https:\/\/instagram\.com\/lark"[^>]*>Instagram<\/a>/);
  });

  it('draws a button whose style a browser wrote back in rgb() with hex colours, which Outlook’s bgcolor reads', async () => {
    const saved = '<p><a class="email-button" href="https://e.example/b" style="display: inline-block; background: rgb(15, 118, 110); color: rgb(255, 255, 255); border-radius: 999px;">Go</a></p>';
    const html = (await mailFor(saved)).html;
    expect(html).toMatch(/<td align="center" bgcolor="#0f766e"[^>]*style="[^"]*border-radius:999px;[^"]*background:#0f766e;/);
    expect(html).not.toContain('bgcolor="rgb(');
    // What is not a plain colour (a gradient) gives way to the kit's button colour.
    const gradient = (await mailFor('<p><a class="email-button" href="https://e.example/b" style="background: linear-gradient(red, blue);">Go</a></p>')).html;
    expect(gradient).toContain(`bgcolor="${DEFAULT_BRAND_KIT.colors.button}"`);
  });

  it('reads an MJML tag written into the content as no layout', async () => {
    const html = (await mailFor('<p>Before</p><mj-section><mj-column><mj-text>Inside</mj-text></mj-column></mj-section><!-- </mj-text> --><p>After</p>')).html;
    expect(html).toContain('Inside');
    expect(html).toContain('After');
    expect(html).not.toContain('<mj-');
    expect(unbalancedTags(outsideConditionals(html))).toEqual([]);
  });

  it('makes the plain-text part from the same content, the reader’s blocks and merge tags in it', async () => {
    const mail = await mailFor(EVERY_BLOCK, 'Bea', false);
    expect(mail.text).toContain('Spring letter for Bea');
    expect(mail.text).toContain('Shop the sale [https://shop.example/sale]');
    expect(mail.text).not.toContain('Only for Ada');
    expect(mail.text).toContain('Unsubscribe or choose what you receive: https://app.example/u/');
  });
});

/**
 * What each client lacks that the layout uses, and why the reader still gets the message: the
 * fallback each has. A feature the checker reports that is not here fails the test.
 */
const FALLBACKS: Record<string, string> = {
  '`@media`': 'Columns are one under the other without it (the phone layout) and "hide on" blocks show; Outlook for Windows draws the desktop layout from the ghost tables.',
  '`Class selector`': 'Only the phone and dark-mode styles are class rules; every style the design needs is inline.',
  '`Descendant combinator`': 'Same: the style sheet only refines what is inline.',
  '`Chaining selectors`': 'Same: the style sheet only refines what is inline.',
  '`Type selector`': 'Same: MJML inlines the body’s type rules (p, h1, a) into each element.',
  '`ID selector`': 'MJML’s reset for Outlook’s "view in browser" bar (#outlook a); nothing else depends on it.',
  '`display:none`': 'The hidden preheader also has max-height:0, overflow:hidden, opacity:0 and 1 px type.',
  '`opacity`': 'The hidden preheader: display:none and max-height:0 hide it where opacity is not read.',
  '`overflow`': 'The hidden preheader: display:none hides it in Outlook.',
  '`target attribute`': 'Buttons open in a new tab where the client allows it; a link opens anyway.',
  '`outline`': 'MJML’s image reset; Outlook draws no outline around images.',
  '`word-spacing`': 'MJML’s normalising of the body; Outlook keeps its default spacing.',
  '`border-spacing`': 'Outlook collapses table borders anyway (border-collapse is set too).',
  '`border-radius`': 'Square corners: buttons and images keep their colours and size in Outlook for Windows.',
  '`<link> element`': 'The web font’s style sheet: where it is not loaded, the heading’s font stack shows.',
  '`@import`': 'The web font’s style sheet: where it is not loaded, the heading’s font stack shows.',
  '`<body> element`': 'Clients that drop the body keep MJML’s wrapper div, which carries the same background and width.',
  '`role attribute`': 'role="presentation" only tells screen readers the tables are layout; the tables draw the same without it.',
  '`word-break`': 'A very long word (an address) may widen the column instead of wrapping; the text stays readable.',
  '`@font-face`': 'The web font: where it is not loaded, the heading’s font stack shows.',
};

const CLIENTS = ['gmail.*', 'outlook.windows', 'outlook.windows-mail', 'outlook.macos', 'apple-mail.*', 'yahoo.*'] as const;

/** The features a client lacks that the message uses (caniemail's names), each once. */
function lackingIn(html: string, client: string): string[] {
  const result = doIUseEmail(html, { emailClients: [client] });
  const errors = result.success ? [] : result.errors;
  return [...new Set(errors.map((error) => error.slice(0, error.indexOf(' is not supported'))))];
}

const WEB_FONT_LOOK = emailLook({ ...DEFAULT_BRAND_KIT, fonts: { body: 'system', heading: 'georgia', web_font: { family: 'Inter', css_url: 'https://fonts.example/inter.css' } } });

describe('caniemail: what each mail client lacks has a fallback', () => {
  it.each(CLIENTS)('every block, with a web font, in %s', async (client) => {
    const { html } = await mailFor(EVERY_BLOCK, 'Ada', true, WEB_FONT_LOOK);
    expect(lackingIn(html, client).filter((feature) => !(feature in FALLBACKS))).toEqual([]);
  });

  it.each(CAMPAIGN_TEMPLATES.map((template) => [template.name, template] as const))('the %s template, in every client', async (_name, template) => {
    const { html } = await mailFor(template.html);
    for (const client of CLIENTS) expect(lackingIn(html, client).filter((feature) => !(feature in FALLBACKS)), client).toEqual([]);
  });
});
