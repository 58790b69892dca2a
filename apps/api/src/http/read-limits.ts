import { REQUEST_LIMIT_MESSAGES } from '@postlark/shared/request-limits';
import type { FastifyRequest } from 'fastify';
import type { AppConfig } from '../config/env';
import type { Db } from '../db/client';
import { accountLimit, type AccountLimitKind, limitPerAccount } from './account-limit';

// The reads that cost the server most per call (issue 31, point 13), each limited per account so
// that one account asking in a loop cannot starve the others: the top bar's search, Home's
// overview, the campaign editor's preview, a connected platform's audiences (a call to that
// platform), the Insights page's summary and the segment builder's attribute keys (a pass over
// the account's subscribers); and a cool-down between "Refresh now"s, which each
// recompute an account's whole purchase history. The defaults sit well above what the pages ask
// for (search after a 180 ms pause in typing, the preview after 500 ms).

/** An onRequest hook of one route. */
export type RouteLimit = (request: FastifyRequest) => Promise<void>;

export interface ReadLimits {
  search: RouteLimit;
  homeOverview: RouteLimit;
  campaignPreview: RouteLimit;
  platformAudiences: RouteLimit;
  insightsSummary: RouteLimit;
  insightsRefresh: RouteLimit;
  attributeKeys: RouteLimit;
}

type ReadLimitSettings = Pick<
  AppConfig,
  'SEARCHES_PER_MINUTE' | 'HOME_OVERVIEWS_PER_MINUTE' | 'CAMPAIGN_PREVIEWS_PER_MINUTE' | 'PLATFORM_AUDIENCE_READS_PER_MINUTE' | 'INSIGHTS_SUMMARIES_PER_MINUTE' | 'INSIGHTS_REFRESH_COOLDOWN_SECONDS' | 'ATTRIBUTE_KEY_READS_PER_MINUTE'
>;

/** The hooks, for routes whose account is the signed-in customer's (`customerOf`: the session check). */
export function readLimitsFrom(settings: ReadLimitSettings, deps: { db: Db; now: () => Date; customerOf: (request: FastifyRequest) => Promise<string> }): ReadLimits {
  const perMinute = (kind: AccountLimitKind, limit: number, message: (seconds: number) => string) =>
    limitPerAccount(accountLimit(deps, { kind, limit, windowMs: 60_000 }), deps.customerOf, message);
  return {
    search: perMinute('search', settings.SEARCHES_PER_MINUTE, REQUEST_LIMIT_MESSAGES.search),
    homeOverview: perMinute('home-overview', settings.HOME_OVERVIEWS_PER_MINUTE, REQUEST_LIMIT_MESSAGES.homeOverview),
    campaignPreview: perMinute('campaign-preview', settings.CAMPAIGN_PREVIEWS_PER_MINUTE, REQUEST_LIMIT_MESSAGES.campaignPreview),
    platformAudiences: perMinute('platform-audiences', settings.PLATFORM_AUDIENCE_READS_PER_MINUTE, REQUEST_LIMIT_MESSAGES.platformAudiences),
    insightsSummary: perMinute('insights-summary', settings.INSIGHTS_SUMMARIES_PER_MINUTE, REQUEST_LIMIT_MESSAGES.insightsSummary),
    attributeKeys: perMinute('attribute-keys', settings.ATTRIBUTE_KEY_READS_PER_MINUTE, REQUEST_LIMIT_MESSAGES.attributeKeys),
    // One refresh per window: the window is the cool-down, starting at the refresh asked for.
    insightsRefresh: limitPerAccount(
      accountLimit(deps, { kind: 'insights-refresh', limit: 1, windowMs: settings.INSIGHTS_REFRESH_COOLDOWN_SECONDS * 1000 }),
      deps.customerOf,
      REQUEST_LIMIT_MESSAGES.insightsRefresh,
    ),
  };
}
