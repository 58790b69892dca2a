import { convert } from 'html-to-text';
import { escapeHtml } from '../../lib/html';
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
  html: CompiledTemplate;
  /** null: made per recipient from their HTML (its blocks differ per person). */
  text: CompiledTemplate | null;
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

/** `firstLink`: where its link numbers start (an A/B test's content variant follows the others' links). */
export function prepareCampaign(row: CampaignRow, firstLink = 0): PreparedCampaign {
  const { html, blocks } = extractBlocks(styleEmailButtons(row.contentHtml));
  return {
    row,
    subject: compileTemplate(row.subject),
    preheader: compileTemplate(row.preheader),
    // Numbered before merge tags run, so each click counts for the link the customer wrote.
    html: compileTemplate(numberLinks(html, firstLink)),
    text: row.contentText !== null ? compileTemplate(row.contentText) : hasBlocks(blocks) ? null : compileTemplate(textFromHtml(row.contentHtml)),
    blocks,
  };
}

function footerHtml(row: CampaignRow, preferencesUrl: string): string {
  const sender = escapeHtml(row.fromName || row.fromEmail);
  const address = escapeHtml(row.postalAddress ?? '');
  return `<div style="max-width:600px;margin:0 auto;padding:24px 16px;font:13px/1.6 -apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#6b7280;text-align:center">
<p style="margin:0 0 8px">You receive this email because you subscribed to ${sender}.</p>
<p style="margin:0 0 8px"><a href="${escapeHtml(preferencesUrl)}" style="color:#4f46e5">Unsubscribe or choose what you receive</a></p>
<p style="margin:0">${address}</p>
</div>`;
}

function footerText(row: CampaignRow, preferencesUrl: string): string {
  return `\n\n--\nYou receive this email because you subscribed to ${row.fromName || row.fromEmail}.\nUnsubscribe or choose what you receive: ${preferencesUrl}\n${row.postalAddress ?? ''}\n`;
}

function layout(subject: string, preheader: string, content: string, footer: string): string {
  // The preheader is the line inboxes show after the subject; hidden in the message itself.
  const hiddenPreheader = preheader
    ? `<div style="display:none;max-height:0;overflow:hidden;opacity:0">${escapeHtml(preheader)}</div>`
    : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:0;background:#f6f7fb">${hiddenPreheader}
<div style="max-width:600px;margin:0 auto;padding:32px 24px;background:#ffffff;font:16px/1.6 -apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#1f2937">${content}</div>
${footer}
</body></html>`;
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
  return {
    from: { name: row.fromName, address: row.fromEmail },
    to: recipient.email,
    replyTo: row.replyTo,
    subject,
    html: layout(subject, preheader, row.tracking ? trackedHtml(content, message.id, links.tracking, links.untracked) : untrackedHtml(content), footer ? footerHtml(row, preferencesUrl) : ''),
    text: (campaign.text ? renderCompiled(campaign.text, fields, { html: false }) : textFromHtml(content)) + (footer ? footerText(row, preferencesUrl) : ''),
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
