import type { AbStatus, AbTestSummary } from '@postlark/shared/ab-tests';
import { webEnv } from '../../config/env';
import { requestJson } from '../../lib/api-client';

/** Every test of the customer's (campaigns and automation steps), newest first; one status when given. */
export function getAbTests(status: AbStatus | null) {
  const query = status ? `?status=${encodeURIComponent(status)}` : '';
  return requestJson<{ payload: { tests: AbTestSummary[] } }>('GET', `${webEnv.apiBase}ab-tests/v1/tests${query}`);
}
