import { brandedTemplate, CAMPAIGN_TEMPLATES, type CampaignTemplate, type TemplateGalleryItem } from '@postlark/shared/campaign-templates';
import { emailLook } from '../../mail/layout/email-look';
import { type BrandDeps, getBrandKit } from '../brand/brand.service';
import { buildCampaignMail, type CampaignLinks, prepareCampaign } from '../campaigns/campaign-message';
import { SAMPLE_RECIPIENT } from '../campaigns/campaign-preview';
import type { CampaignRow } from '../campaigns/campaigns.repository';

// The template gallery (issue 33, point 5): every starting template drawn with the account's
// brand kit, each with the message it makes laid out as readers get it (the picker's thumbnail).
// Twelve layouts take the layout's thread a moment, so they are kept per version of the kit.

export interface TemplateDeps extends BrandDeps {
  links: CampaignLinks;
}

/** Galleries kept laid out, one per account and kit version: the accounts picking a template now. */
const KEPT = 64;
const kept = new Map<string, Promise<TemplateGalleryItem[]>>();

/** What a template's sample message is sent as: a draft with nothing of the account's but its look. */
function sampleRow(customerId: string, template: CampaignTemplate, now: Date): CampaignRow {
  return {
    id: '00000000-0000-7000-8000-000000000000',
    customerId,
    name: template.name,
    subject: template.subject,
    preheader: '',
    fromName: 'Your name',
    fromEmail: 'you@example.com',
    replyTo: '',
    contentHtml: template.html,
    contentText: null,
    audience: { list_ids: [], segment_ids: [] },
    tracking: false,
    sendTimeOptimisation: null,
    kind: 'campaign',
    deliveryConnectionId: null,
    status: 'draft',
    scheduledAt: null,
    scheduledTimezone: null,
    postalAddress: 'Your postal address',
    heldReason: null,
    pausedReason: null,
    startedAt: null,
    preparedAt: null,
    finishedAt: null,
    createdAt: now,
    updatedAt: now,
  };
}

async function laidOut(deps: TemplateDeps, customerId: string, kit: Awaited<ReturnType<typeof getBrandKit>>): Promise<TemplateGalleryItem[]> {
  const look = emailLook(kit);
  return Promise.all(
    CAMPAIGN_TEMPLATES.map(async (template) => {
      const branded = brandedTemplate(template, kit.updated_at ? kit : null);
      const prepared = await prepareCampaign(sampleRow(customerId, branded, deps.now()), look);
      const mail = buildCampaignMail(prepared, { ...SAMPLE_RECIPIENT }, { id: 0, messageId: '' }, deps.links);
      return { ...branded, preview_html: mail.html };
    }),
  );
}

/** The gallery for the account: its logo and button look in each template, each laid out. */
export async function templateGallery(deps: TemplateDeps, customerId: string): Promise<TemplateGalleryItem[]> {
  const kit = await getBrandKit(deps, customerId);
  const key = `${customerId}:${kit.updated_at ?? ''}`;
  let gallery = kept.get(key);
  if (!gallery) {
    gallery = laidOut(deps, customerId, kit);
    kept.set(key, gallery);
    gallery.catch(() => kept.delete(key));
    while (kept.size > KEPT) kept.delete(kept.keys().next().value!);
  }
  return gallery;
}
