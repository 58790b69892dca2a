import { z } from 'zod';
import type { InsightsDeps } from '../modules/insights/insights.service';
import { runRefresh } from '../modules/insights/insights.service';
import type { JobDefinition } from './job-definition';

const payload = z.strictObject({ refreshId: z.uuid() });

/**
 * Recomputes one account's purchase insights (modules/insights). A failure marks the refresh
 * failed, so a retry finds nothing to do; a worker killed mid-run leaves it running, and the
 * expired job's retry takes it over from the start (storing is idempotent).
 */
export const refreshInsightsJob = {
  name: 'refresh-insights',
  payload,
  retry: { retryLimit: 2, retryDelay: 60, retryBackoff: true },
  expireInSeconds: 3_600,
  async handle({ refreshId }, deps) {
    await runRefresh(deps, refreshId);
  },
} satisfies JobDefinition<typeof payload, InsightsDeps>;
