import { AB_VARIANT_LABELS, type AbTestSettings, type AbVariant } from '@postlark/shared/ab-tests';
import { type PreparedCampaign, prepareCampaign } from '../campaigns/campaign-message';
import type { CampaignRow } from '../campaigns/campaigns.repository';
import type { EmailLook } from '../../mail/layout/email-look';
import { templateLinks } from '../tracking/tracked-html';

// What each variant of a campaign is: the campaign's row with the tested field replaced. Variant
// A is the campaign as written. A content variant's links are numbered after those of the
// contents before it (A's, then B's, …), so a click's number names one link of one content and
// the report can put every number back to the href the customer wrote.

type Fields = Pick<CampaignRow, 'subject' | 'preheader' | 'fromName' | 'contentHtml' | 'contentText'>;

/** The campaign's fields as this variant has them. */
export function variantFields<T extends Fields>(row: T, variant: AbVariant | undefined): T {
  if (!variant) return row;
  return {
    ...row,
    ...(variant.subject !== undefined && { subject: variant.subject }),
    ...(variant.preheader !== undefined && { preheader: variant.preheader }),
    ...(variant.from_name !== undefined && { fromName: variant.from_name }),
    ...(variant.content_html !== undefined && { contentHtml: variant.content_html, contentText: variant.content_text ?? null }),
  };
}

/** Each variant's content, A first (the same content for every variant unless content is tested). */
function contents(row: Fields, settings: AbTestSettings | null): string[] {
  if (!settings || settings.dimension !== 'content') return [row.contentHtml];
  return settings.variants.map((variant) => variantFields(row, variant).contentHtml);
}

/** Every link of every content, by its number: what the report names clicks by. */
export function variantLinks(row: Fields, settings: AbTestSettings | null): string[] {
  return contents(row, settings).flatMap((html) => templateLinks(html));
}

/** One prepared message per variant (index = the variant), drawn with `look`; a campaign without a test has one. */
export async function preparedVariants(row: CampaignRow, settings: AbTestSettings | null, look: EmailLook): Promise<PreparedCampaign[]> {
  if (!settings) return [await prepareCampaign(row, look)];
  let next = 0;
  const firstLinks = contents(row, settings).map((html) => {
    const first = next;
    next += templateLinks(html).length;
    return first;
  });
  return Promise.all(settings.variants.map((variant, index) => prepareCampaign(variantFields(row, variant), look, firstLinks[index] ?? 0)));
}

/** What differs, for display: the subject text, "Content B", "+2 h". */
export function variantValue(row: Fields, settings: AbTestSettings, index: number): string {
  const variant = variantFields(row, settings.variants[index]);
  switch (settings.dimension) {
    case 'subject':
      return variant.subject;
    case 'preheader':
      return variant.preheader;
    case 'from_name':
      return variant.fromName;
    case 'content':
      return `Content ${AB_VARIANT_LABELS[index]}`;
    case 'send_time': {
      const minutes = settings.variants[index]?.send_delay_minutes ?? 0;
      if (minutes === 0) return 'At the send time';
      return minutes % 60 === 0 ? `+${minutes / 60} h` : `+${minutes} min`;
    }
  }
}
