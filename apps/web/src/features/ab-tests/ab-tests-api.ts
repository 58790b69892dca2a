import type { AbStatus, AbTestSummary } from '@postlark/shared/ab-tests';
import type { EmailPlatformId } from '@postlark/shared/integrations';
import { webEnv } from '../../config/env';
import { requestJson } from '../../lib/api-client';

/** Every test of the customer's (campaigns and automation steps), newest first; one status, and one delivering platform, when given. */
export function getAbTests(status: AbStatus | null, platform: EmailPlatformId | null = null) {
  const params = new URLSearchParams();
  if (status) params.set('status', status);
  if (platform) params.set('platform', platform);
  const query = params.toString() ? `?${params.toString()}` : '';
  return requestJson<{ payload: { tests: AbTestSummary[] } }>('GET', `${webEnv.apiBase}ab-tests/v1/tests${query}`);
}
