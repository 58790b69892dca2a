import { convert } from 'html-to-text';
import { escapeHtml } from '../../lib/html';
import { contentToMjml } from '../../mail/layout/content-to-mjml';
import { type EmailDocument, OUTER_BACKGROUND, OUTER_CLASS, renderEmailDocument } from '../../mail/layout/email-document';
import { FOOTER_PREFERENCES, footerMjml } from '../../mail/layout/email-footer';
import { DEFAULT_EMAIL_LOOK, type EmailLook } from '../../mail/layout/email-look';
import type { SubscriberLinks } from '../preferences/link-tokens';
import { numberLinks, trackedHtml, untrackedHtml } from '../tracking/tracked-html';
import type { TrackingLinks } from '../tracking/tracking-links';
import type { CampaignMail } from './campaign-transport';
import type { CampaignRow } from './campaigns.repository';
import { DELIVERY_HEADER, type DeliveryHeaders } from './delivery-headers';
import { extractBlocks, hasBlocks, personalise, type TemplateBlocks } from './content-blocks';
import { styleEmailButtons } from './email-buttons';
import { engagementMergeValues, purchaseMergeValues } from './merge-fields';
import { compileTemplate, type CompiledTemplate, type MergeFieldValues, renderCompiled } from './merge-tags';
import type { Recipient } from './recipients.repository';

// A campaign's content, turned into one message per recipient: merge tags filled in, the layout,
// the footer the law asks for (who sends it, why, how to leave, the postal address), and the
// unsubscribe headers mail clients show as a button (RFC 2369, RFC 8058).

/** The parts of a campaign that are the same for every recipient, compiled once. */
export interface PreparedCampaign {
  row: CampaignRow;
  subject: CompiledTemplate;
  preheader: CompiledTemplate;
  /** The message laid out (email-document.ts); its content part is `html`. */
  document: Omit<EmailDocument, 'content'>;
  /** The content's sections as MJML drew them, links numbered. */
  html: CompiledTemplate;
  /** null: made per recipient from `source` (its blocks differ per person). */
  text: CompiledTemplate | null;
  /** The content as the editor wrote it, blocks as markers: what a per-recipient plain text is made from. */
  source: CompiledTemplate;
  /** The content blocks, filled in per recipient (content-blocks.ts). */
  blocks: TemplateBlocks;
}

// Headings keep their case and lines are not wrapped: either would change the merge tags
// inside them ({{ first_name }} would become {{ FIRST_NAME }} or be cut in two).
const HEADINGS = [
  ...['h1', 'h2', 'h3', 'h4', 'h5', 'h6'].map((selector) => ({ selector, options: { uppercase: false } })),
  { selector: 'table', options: { uppercaseHeaderCells: false } },
];

/** The plain-text version the customer did not write themselves, made from the HTML. */
export function textFromHtml(html: string): string {
  return convert(html, {
    wordwrap: false,
    selectors: [{ selector: 'a', options: { hideLinkHrefIfSameAsText: true } }, { selector: 'img', format: 'skip' }, ...HEADINGS],
  });
}

/** Throws what preparing the campaign would (MergeTagError, BlockError) without laying it out. */
export function assertPreparable(row: Pick<CampaignRow, 'subject' | 'preheader' | 'contentHtml' | 'contentText'>): void {
  compileTemplate(row.subject);
  compileTemplate(row.preheader);
  compileTemplate(extractBlocks(styleEmailButtons(row.contentHtml)).html);
  if (row.contentText !== null) compileTemplate(row.contentText);
}

/**
 * The campaign laid out once for all its recipients, drawn with `look` (the account's brand kit).
 * `firstLink`: where its link numbers start (an A/B test's content variant follows the others' links).
 */
export async function prepareCampaign(row: CampaignRow, look: EmailLook = DEFAULT_EMAIL_LOOK, firstLink = 0): Promise<PreparedCampaign> {
  const { html, blocks } = extractBlocks(styleEmailButtons(row.contentHtml, look.buttonStyle));
  // Numbered before merge tags run, so each click counts for the link the customer wrote.
  const mjml = contentToMjml(numberLinks(html, firstLink), look);
  const footer = footerMjml({ sender: row.fromName || row.fromEmail, postalAddress: row.postalAddress ?? '' }, look, { background: OUTER_BACKGROUND, className: OUTER_CLASS });
  const { content, ...document } = await renderEmailDocument(mjml, look, footer);
  return {
    row,
    subject: compileTemplate(row.subject),
    preheader: compileTemplate(row.preheader),
    document,
    html: compileTemplate(content),
    text: row.contentText !== null ? compileTemplate(row.contentText) : hasBlocks(blocks) ? null : compileTemplate(textFromHtml(row.contentHtml)),
    source: compileTemplate(html),
    blocks,
  };
}

function footerText(row: CampaignRow, preferencesUrl: string): string {
  return `\n\n--\nYou receive this email because you subscribed to ${row.fromName || row.fromEmail}.\nUnsubscribe or choose what you receive: ${preferencesUrl}\n${row.postalAddress ?? ''}\n`;
}

/** The laid-out message for one reader: their subject as its title, their preheader, content and footer. */
function layout(document: PreparedCampaign['document'], subject: string, preheader: string, content: string, footer: string): string {
  // The preheader is the line inboxes show after the subject; hidden in the message itself.
  const hiddenPreheader = preheader
    ? `<div style="display:none;font-size:1px;line-height:1px;max-height:0;max-width:0;opacity:0;overflow:hidden;mso-hide:all">${escapeHtml(preheader)}</div>`
    : '';
  return `${document.beforeTitle}${escapeHtml(subject)}${document.afterTitle}${hiddenPreheader}${content}${footer}${document.end}`;
}

/** The links a message carries: the subscriber's own, and tracking unless the campaign turned it off. */
export interface CampaignLinks extends SubscriberLinks {
  tracking: TrackingLinks;
  /** Links that must reach their address untouched (the preference centre's). */
  untracked(url: string): boolean;
  /** List-Id, Feedback-ID and the signed correlation header (delivery-headers.ts). */
  delivery: DeliveryHeaders;
}

/** The ledger row a message is for: its id names it in tracking links, its Message-ID is fixed. */
export interface MessageRef {
  id: number;
  messageId: string;
}

/**
 * `event`: an automation email's triggering event properties, for `{{ event.<property> }}`.
 * `footer` false: the preview of a campaign a platform delivers, which adds its own footer.
 */
export function buildCampaignMail(
  campaign: PreparedCampaign,
  recipient: Recipient,
  message: MessageRef,
  links: CampaignLinks,
  event?: MergeFieldValues['event'],
  footer = true,
): CampaignMail {
  const { row } = campaign;
  const { messageId } = message;
  const preferencesUrl = links.preferences(recipient.id);
  const oneClickUrl = links.oneClick(recipient.id);
  const fields: MergeFieldValues = {
    email: recipient.email,
    first_name: recipient.firstName,
    last_name: recipient.lastName,
    attributes: recipient.attributes,
    purchases: purchaseMergeValues(recipient.purchases),
    engagement: engagementMergeValues(recipient.engagement),
    event,
    unsubscribe_url: preferencesUrl,
    preferences_url: preferencesUrl,
  };
  const subject = renderCompiled(campaign.subject, fields, { html: false });
  const preheader = renderCompiled(campaign.preheader, fields, { html: false });
  // The recipient's products and the conditional blocks they match (loaded per batch: block-personalisation.ts).
  const content = personalise(renderCompiled(campaign.html, fields, { html: true }), campaign.blocks, recipient.personal);
  const footerHtml = footer ? campaign.document.footer.replaceAll(FOOTER_PREFERENCES, escapeHtml(preferencesUrl)) : '';
  return {
    from: { name: row.fromName, address: row.fromEmail },
    to: recipient.email,
    replyTo: row.replyTo,
    subject,
    html: layout(campaign.document, subject, preheader, row.tracking ? trackedHtml(content, message.id, links.tracking, links.untracked) : untrackedHtml(content), footerHtml),
    text: (campaign.text ? renderCompiled(campaign.text, fields, { html: false }) : textFromHtml(personalise(renderCompiled(campaign.source, fields, { html: true }), campaign.blocks, recipient.personal))) + (footer ? footerText(row, preferencesUrl) : ''),
    messageId,
    customerId: row.customerId,
    ...(message.id > 0 && { ledgerId: message.id }),
    headers: {
      // The one-click URL (RFC 8058). The sending identity adds a mailto: at the platform's
      // receiver once BOUNCE_DOMAIN is set (identity-transport.ts), never the customer's inbox.
      'List-Unsubscribe': `<${oneClickUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      'List-Id': links.delivery.listId(row),
      'Feedback-ID': links.delivery.feedbackId(row),
      // A preview has no ledger row, so nothing to correlate.
      ...(messageId && { [DELIVERY_HEADER]: links.delivery.correlation(messageId) }),
    },
  };
}
