import type { CampaignPreview, CampaignPreviewRequest } from '@postlark/shared/campaigns';
import type { EmailLook } from '../../mail/layout/email-look';
import { buildCampaignMail, type CampaignLinks, prepareCampaign } from './campaign-message';
import type { CampaignMail } from './campaign-transport';
import type { CampaignRow } from './campaigns.repository';
import { blockProblem } from './content-blocks';
import { checkTemplate, renderForNoData } from './merge-tags';
import type { Recipient } from './recipients.repository';

// The editor's preview and the test send: a campaign rendered for one subscriber, never tracked
// (a test click is not engagement). The preview's reader is a sample with no name or attributes,
// so every fallback (`| default: "there"`) shows.

export const SAMPLE_RECIPIENT: Recipient = {
  id: '00000000-0000-7000-8000-000000000000',
  email: 'subscriber@example.com',
  firstName: '',
  lastName: '',
  attributes: {},
};

const TEMPLATE_FIELDS = ['subject', 'preheader', 'content_html', 'content_text'] as const;

/** The message one recipient would get, as the campaign is now, drawn with the account's `look`, without tracking. */
export async function renderForRecipient(row: CampaignRow, recipient: Recipient, links: CampaignLinks, look: EmailLook, footer = true): Promise<CampaignMail> {
  return buildCampaignMail(await prepareCampaign({ ...row, tracking: false }, look), recipient, { id: 0, messageId: '' }, links, undefined, footer);
}

/**
 * The preview of fields as the editor has them, saved or not, with every merge-tag problem by
 * field. A field with problems is shown as written: its tags cannot be filled in. `blocksProblem`:
 * the content blocks' problem as the database sees it (block-personalisation.ts), when read.
 */
export async function previewCampaign(
  row: CampaignRow,
  fields: CampaignPreviewRequest,
  links: CampaignLinks,
  look: EmailLook,
  recipient: Recipient = SAMPLE_RECIPIENT,
  blocksProblem: string | null = blockProblem(fields.content_html),
): Promise<CampaignPreview> {
  const problems: CampaignPreview['problems'] = {};
  for (const field of TEMPLATE_FIELDS) {
    const found = checkTemplate(fields[field] ?? '');
    if (found.length > 0) problems[field] = found;
  }
  if (blocksProblem) problems.content_html = [{ message: blocksProblem, line: null, column: null }, ...(problems.content_html ?? [])];
  // Braces written as character references show as typed and are no tags to liquidjs; blocks
  // that cannot be read show as plain sections.
  const asWritten = (html: string) => html.replaceAll('{', '&#123;').replaceAll('data-postlark-', 'data-unread-');
  const mail = await renderForRecipient(
    {
      ...row,
      subject: problems.subject ? '' : fields.subject,
      preheader: problems.preheader ? '' : fields.preheader,
      contentHtml: problems.content_html ? asWritten(fields.content_html) : fields.content_html,
      contentText: problems.content_text ? '' : fields.content_text,
    },
    recipient,
    links,
    look,
    // Through a platform, its own footer (unsubscribe link, postal address) goes out instead of ours.
    !fields.platform_footer,
  );
  return {
    subject: problems.subject ? fields.subject : mail.subject,
    reader_subject: renderForNoData(fields.subject),
    html: mail.html,
    text: problems.content_text ? (fields.content_text ?? '') : mail.text,
    problems,
  };
}
