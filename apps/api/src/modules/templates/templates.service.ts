import { brandedTemplate, CAMPAIGN_TEMPLATES, type CampaignTemplate, type TemplateGalleryItem } from '@postlark/shared/campaign-templates';
import { emailLook } from '../../mail/layout/email-look';
import { type BrandDeps, getBrandKit } from '../brand/brand.service';
import { buildCampaignMail, type CampaignLinks, prepareCampaign } from '../campaigns/campaign-message';
import { SAMPLE_RECIPIENT } from '../campaigns/campaign-preview';
import type { CampaignRow } from '../campaigns/campaigns.repository';
import { expandSections } from '../sections/sections.service';
import type { OwnTemplateRow } from './own-templates.repository';
import { ownTemplateRows } from './own-templates.service';

// The template gallery (issue 33, point 5): every starting template drawn with the account's
// brand kit, each with the message it makes laid out as readers get it (the picker's thumbnail).
// Twelve layouts take the layout's thread a moment, so they are kept per version of the kit; the
// account's own templates after them, read each time (a save, a rename or a delete shows at once),
// their messages kept per version of the kit and of the saved sections they use: a template's
// subject and content never change.

export interface TemplateDeps extends BrandDeps {
  links: CampaignLinks;
}

/** Galleries kept laid out, one per account and kit version: the accounts picking a template now. */
const KEPT = 64;
const kept = new Map<string, Promise<TemplateGalleryItem[]>>();
/** The accounts' own templates laid out: room for a few accounts' full fifty. */
const KEPT_OWN = 512;
const keptOwn = new Map<string, Promise<string>>();

function keep<T>(map: Map<string, Promise<T>>, limit: number, key: string, make: () => Promise<T>): Promise<T> {
  let value = map.get(key);
  if (!value) {
    value = make();
    map.set(key, value);
    value.catch(() => map.delete(key));
    while (map.size > limit) map.delete(map.keys().next().value!);
  }
  return value;
}

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

type Kit = Awaited<ReturnType<typeof getBrandKit>>;

/** The message a template makes for a sample reader, with the account's look. */
async function previewHtml(deps: TemplateDeps, customerId: string, template: CampaignTemplate, kit: Kit): Promise<string> {
  const prepared = await prepareCampaign(sampleRow(customerId, template, deps.now()), emailLook(kit));
  return buildCampaignMail(prepared, { ...SAMPLE_RECIPIENT }, { id: 0, messageId: '' }, deps.links).html;
}

async function laidOut(deps: TemplateDeps, customerId: string, kit: Kit): Promise<TemplateGalleryItem[]> {
  return Promise.all(
    CAMPAIGN_TEMPLATES.map(async (template) => {
      const branded = brandedTemplate(template, kit.updated_at ? kit : null);
      return { ...branded, source: 'built_in' as const, preview_html: await previewHtml(deps, customerId, branded, kit) };
    }),
  );
}

/** An own template as saved: its content was written with the kit already, so it is not drawn again. */
async function ownLaidOut(deps: TemplateDeps, customerId: string, row: OwnTemplateRow, kit: Kit, kitKey: string): Promise<TemplateGalleryItem> {
  const template = { id: row.id, name: row.name, description: row.description, subject: row.subject, html: row.contentHtml };
  // Its saved sections as they are now, as a campaign made from it would show them.
  const sections = await expandSections(deps.db, customerId, row.contentHtml);
  const preview = await keep(keptOwn, KEPT_OWN, `${kitKey}:${row.id}:${sections.version}`, () => previewHtml(deps, customerId, { ...template, html: sections.html }, kit));
  return { ...template, source: 'own', preview_html: preview };
}

/** The gallery for the account: its logo and button look in each built-in template, then its own, each laid out. */
export async function templateGallery(deps: TemplateDeps, customerId: string): Promise<TemplateGalleryItem[]> {
  const [kit, own] = await Promise.all([getBrandKit(deps, customerId), ownTemplateRows(deps, customerId)]);
  const kitKey = `${customerId}:${kit.updated_at ?? ''}`;
  const builtIn = keep(kept, KEPT, kitKey, () => laidOut(deps, customerId, kit));
  const mine = own.map((row) => ownLaidOut(deps, customerId, row, kit, kitKey));
  return [...(await builtIn), ...(await Promise.all(mine))];
}
