import type { PlatformId } from '@postlark/shared/integrations';
import { beehiivMergeTag } from './beehiiv/client';
import { mergeTagOf as brevoMergeTag } from './brevo/mapping';
import { mailchimpMergeTag } from './mailchimp/client';
import type { MergeTagOf } from './platform-merge-tags';

// Each platform's merge tag for one of our merge fields, read without a connection's key (the
// editor's readiness check runs before anything is sent). A custom attribute goes by the name the
// link gave it on the platform (`attributes.company` → COMPANY).

const MERGE_TAG_OF: Record<PlatformId, MergeTagOf> = {
  mailchimp: mailchimpMergeTag,
  brevo: brevoMergeTag,
  beehiiv: beehiivMergeTag,
  // HubSpot sends no campaigns for us.
  hubspot: () => null,
};

export function mergeTagsOf(platform: PlatformId, fieldMap: Record<string, string>): MergeTagOf {
  const base = MERGE_TAG_OF[platform];
  return (field) => {
    if (!field.startsWith('attributes.')) return base(field);
    const remote = fieldMap[field.slice('attributes.'.length)];
    return remote ? base(`attributes.${remote}`) : null;
  };
}
