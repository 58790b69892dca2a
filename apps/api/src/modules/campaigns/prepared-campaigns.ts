import type { AbTestSettings } from '@postlark/shared/ab-tests';
import type { Db } from '../../db/client';
import { preparedVariants } from '../ab-tests/ab-variants';
import { emailLookFor } from '../brand/brand.service';
import { expandSections } from '../sections/sections.service';
import type { PreparedCampaign } from './campaign-message';
import type { CampaignRow } from './campaigns.repository';

// A campaign laid out once per version of what it is drawn from (its content and fields, its A/B
// test, the account's brand kit, the saved sections it uses), for every batch the sender and the flow engine send of it: the
// layout runs MJML in its thread, far slower than filling in one reader's merge tags.
// A layout that failed is remembered for a while, so content that cannot be laid out does not
// take the layout's thread at every pass.

/** Campaigns kept laid out: those sending at once in this process, with room to spare. */
const KEPT = 32;
const FAILURE_KEPT_MS = 10 * 60_000;

interface Entry {
  variants: Promise<PreparedCampaign[]>;
  failedAt: number | null;
}

const kept = new Map<string, Entry>();

/** One prepared message per variant (index = the variant), drawn with the account's brand kit. Throws what preparing throws (LayoutError among them). */
export async function preparedCampaignVariants(db: Db, stored: CampaignRow, settings: AbTestSettings | null, now = Date.now()): Promise<PreparedCampaign[]> {
  const look = await emailLookFor(db, stored.customerId);
  // A flow's email is sent for months: an edit of a section it uses is a new version of it.
  const sections = await expandSections(db, stored.customerId, stored.contentHtml);
  const row = { ...stored, contentHtml: sections.html };
  // A content test's other contents reference sections too.
  const variants = settings?.dimension === 'content' ? await Promise.all(settings.variants.map((variant) => (variant.content_html === undefined ? null : expandSections(db, stored.customerId, variant.content_html)))) : [];
  const tested = settings && variants.length > 0 ? { ...settings, variants: settings.variants.map((variant, index) => (variants[index] ? { ...variant, content_html: variants[index].html } : variant)) } : settings;
  const version = [sections.version, ...variants.map((expanded) => expanded?.version ?? '')].join(';');
  const key = JSON.stringify([row.id, row.updatedAt.getTime(), version, row.fromName, row.fromEmail, row.postalAddress, settings, look]);
  const found = kept.get(key);
  if (found && (found.failedAt === null || now - found.failedAt < FAILURE_KEPT_MS)) {
    // The most recently used goes last: the first is the one to let go.
    kept.delete(key);
    kept.set(key, found);
    return found.variants;
  }
  const entry: Entry = { variants: preparedVariants(row, tested, look), failedAt: null };
  entry.variants.catch(() => {
    entry.failedAt = Date.now();
  });
  kept.set(key, entry);
  while (kept.size > KEPT) kept.delete(kept.keys().next().value!);
  return entry.variants;
}
