import { API_PREFIX } from '@postlark/shared/routes';
import { TEMPLATE_GALLERY_PATH } from '@postlark/shared/campaign-templates';
import Fastify, { type FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import type { AppConfig } from './config/env';
import type { Database } from './db/client';
import { refuseCrossSiteCookieWrites } from './http/cross-site';
import { DEFAULT_BODY_LIMIT } from './http/body-limits';
import { authenticateBeforeBody } from './http/early-authentication';
import { readLimitsFrom } from './http/read-limits';
import { createRateLimiter } from './lib/rate-limiter';
import { requireCustomer } from './modules/auth/session.service';
import { trustedProxies } from './http/client-address';
import { registerErrorHandler } from './http/error-handler';
import { logSerializers, RedactingLogController } from './http/log-redaction';
import { securityHeaders } from './http/security-headers';
import { registerWebApp } from './http/web-app';
import { keyedHash } from './lib/keyed-hash';
import type { JobClients } from './jobs/start-jobs';
import type { AccountDeps } from './modules/auth/account-deps';
import { eventApiRoutes, eventDashboardRoutes } from './modules/events/events.routes';
import { flowEventHook } from './modules/automations/flow-event-hook';
import { flowRoutes } from './modules/automations/flows.routes';
import { productApiRoutes, productDashboardRoutes } from './modules/events/products.routes';
import { apiKeyGate } from './modules/public-api/api-key-gate';
import { audienceRoutes } from './modules/audience/audience.routes';
import { loadCampaignLinks } from './modules/campaigns/campaign-links';
import { campaignRoutes } from './modules/campaigns/campaigns.routes';
import { campaignCheckSettingsFrom } from './modules/campaigns/campaign-checks';
import { trackingRoutes } from './modules/tracking/tracking.routes';
import { reportRoutes } from './modules/reports/reports.routes';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes';
import { deliverabilityRoutes } from './modules/deliverability/deliverability.routes';
import { guardrailSettingsFrom } from './modules/deliverability/guardrail-settings';
import { abTestRoutes } from './modules/ab-tests/ab-tests.routes';
import { type DnsLookup, dnsLookup } from './modules/senders/dns-resolver';
import { sendingPolicyFrom } from './mail/sending-policy';
import { quotasFrom } from './modules/senders/quotas';
import { seedListRoutes } from './modules/senders/seed-lists.routes';
import { senderRoutes } from './modules/senders/senders.routes';
import { bounceWebhookRoutes } from './modules/webhooks/bounce-webhook.routes';
import { relayWebhookRoutes } from './modules/webhooks/relay-webhooks.routes';
import { segmentRoutes } from './modules/audience/segments.routes';
import { formRoutes } from './modules/forms/forms.routes';
import { signupRoutes } from './modules/forms/signup.routes';
import { apiKeyRoutes } from './modules/public-api/api-keys.routes';
import { docsRoutes } from './modules/public-api/docs.routes';
import { publicApiRoutes } from './modules/public-api/public-api.routes';
import { publicCampaignRoutes } from './modules/public-api/public-campaigns.routes';
import { publicSenderRoutes } from './modules/public-api/public-senders.routes';
import { publicSendingDomainRoutes } from './modules/public-api/public-sending-domains.routes';
import { insightsApiRoutes } from './modules/insights/insights.routes';
import { recommendationApiRoutes } from './modules/insights/recommendations.routes';
import { insightsDashboardRoutes } from './modules/insights/insights-dashboard.routes';
import { importRoutes } from './modules/imports/imports.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { dataExportRoutes } from './modules/data-export/data-export.routes';
import { countriesRoutes } from './modules/countries/countries.routes';
import { COUNTRY_NAMES } from './modules/countries/countries.service';
import { healthRoutes } from './modules/health/health.routes';
import { mailboxRoutes } from './modules/mailbox/mailbox.routes';
import { notificationsRoutes } from './modules/notifications/notifications.routes';
import { searchRoutes } from './modules/search/search.routes';
import { oneClickRoutes, preferenceRoutes } from './modules/preferences/preferences.routes';
import { linkTokens, subscriberLinks } from './modules/preferences/link-tokens';
import { profileRoutes } from './modules/profile/profile.routes';
import { accountPlanRoutes } from './modules/account-plan/account-plan.routes';
import { outgoingWebhookRoutes } from './modules/outgoing-webhooks/outgoing-webhooks.routes';
import { aiRoutes } from './modules/ai/ai.routes';
import { aiDepsFrom } from './modules/ai/ai-settings';
import { integrationRoutes } from './modules/integrations/integrations.routes';
import { platformSettingsFrom } from './modules/integrations/platform-clients';
import { platformWebhookRoutes } from './modules/integrations/platform-webhooks.routes';
import { hmacSha256 } from './lib/hmac';
import { secretBoxFrom } from './lib/secret-box';
import { getOrCreateSecret } from './modules/secrets/secrets.repository';
import { waitlistRoutes } from './modules/waitlist/waitlist.routes';
import { accountLimit } from './http/account-limit';
import { mediaFileRoutes } from './modules/media/media-files.routes';
import { mediaRoutes } from './modules/media/media.routes';
import { BRAND_WEBSITE_TIMEOUT_MS, brandRoutes } from './modules/brand/brand.routes';
import { sectionRoutes } from './modules/sections/sections.routes';
import { templateRoutes } from './modules/templates/templates.routes';
import { mediaDepsFrom, mediaStorageFrom } from './modules/media/media-settings';
import type { MediaStorage } from './modules/media/media-storage';

export interface AppDependencies {
  config: AppConfig;
  database: Database;
  /** Queues mail and data-export builds (jobs/start-jobs.ts); the workers run them, never a request. */
  jobs: JobClients;
  /** The clock every rule with a time in it reads (token expiry, sessions, sign-in delays); tests move it. */
  now?: () => Date;
  /** Where the request log goes (stdout by default); tests read it. */
  logStream?: DestinationStream;
  /** DNS look-ups of sending domains' records: DNS_SERVERS, or the system's resolver. */
  dns?: DnsLookup;
  /** Where uploaded images are kept: DATA_DIR/media or the S3_* bucket unless a test gives its own. */
  mediaStorage?: MediaStorage;
}

/** Builds the whole HTTP app without listening; the server and the tests both start here. */
export async function buildApp({ config, database, jobs, now = () => new Date(), logStream, dns = dnsLookup(config.DNS_SERVERS), mediaStorage }: AppDependencies): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.LOG_LEVEL,
      // Query strings and some paths carry tokens (verification links, unsubscribe, preference
      // centre, tracking); headers carry sessions. None is logged (http/log-redaction.ts).
      serializers: logSerializers,
      ...(logStream && { stream: logStream }),
    },
    logController: new RedactingLogController(),
    trustProxy: trustedProxies(config.TRUST_PROXY),
    routerOptions: { ignoreTrailingSlash: true },
    // A route that declares no limit of its own (an action such as send or schedule, a delete) reads at most this.
    bodyLimit: DEFAULT_BODY_LIMIT,
  });

  registerErrorHandler(app);
  // Fastify reads text/plain by default: a form on any site may send it without asking (a simple
  // request). No route takes it; without the parser such a post is a 415.
  app.removeContentTypeParser('text/plain');
  app.addHook('onSend', securityHeaders(config.APP_URL));

  const { db } = database;
  const hashIp = keyedHash(await getOrCreateSecret(db, 'ip-hash'));
  // Opens what is kept sealed: webhook signing secrets (outgoing webhooks, flow webhook steps).
  const secrets = secretBoxFrom(config);
  const preferenceDeps = { db, now, appUrl: config.APP_URL, tokens: linkTokens(await getOrCreateSecret(db, 'subscriber-links')) };
  const subscriberDeps = { db, now, preferenceUrl: subscriberLinks(config.APP_URL, preferenceDeps.tokens).preferences };
  const subscriptionDeps = { db, now, mail: jobs.mail, appUrl: config.APP_URL, tokens: preferenceDeps.tokens, quotas: quotasFrom(config) };
  const signups = signupRoutes({ ...subscriptionDeps, hashIp, signupsPerMinute: config.FORM_SIGNUP_LIMIT_PER_MINUTE, queueFormSignup: jobs.queueFormSignup });
  const campaignLinks = await loadCampaignLinks(db, config.APP_URL);
  const quotas = quotasFrom(config);
  const sending = sendingPolicyFrom(config);
  // One set each for the dashboard's campaign and sender routes and the public API's, so both send by the same rules.
  const campaignDeps = { db, now, mail: jobs.mail, links: campaignLinks, quotas, sending, checks: campaignCheckSettingsFrom(config) };
  const senderDeps = { db, now, mail: jobs.mail, appUrl: config.APP_URL, quotas, dns, secrets, bounceDomain: sending.bounceDomain, delegatedKeysDomain: sending.delegatedKeysDomain, sending };
  const integrationDeps = { db, now, secrets, platforms: platformSettingsFrom(config) };
  const storage = mediaStorage ?? (await mediaStorageFrom(config));
  const mediaDeps = {
    ...mediaDepsFrom(config, { db, now, storage }),
    uploadsPerHour: accountLimit({ db, now }, { kind: 'media-upload', limit: config.MEDIA_UPLOADS_PER_HOUR, windowMs: 60 * 60 * 1000 }),
  };
  const accountDeps: AccountDeps = {
    db,
    mail: jobs.mail,
    appUrl: config.APP_URL,
    now,
    hashIp,
    countryNames: COUNTRY_NAMES,
    sessionIdleMs: config.SESSION_IDLE_DAYS * 24 * 60 * 60 * 1000,
  };

  await app.register(
    async (api) => {
      api.addHook('onRequest', refuseCrossSiteCookieWrites(config.APP_URL));
      const customerOf = apiKeyGate({ db, now, requestsPerMinute: config.API_REQUESTS_PER_MINUTE });
      // The key or the session is checked before any body is read (issue 31, point 2).
      const failures = createRateLimiter({ limit: config.UNAUTHENTICATED_REQUESTS_PER_MINUTE, windowMs: 60_000, now: () => now().getTime() });
      api.addHook('onRequest', authenticateBeforeBody({ prefix: API_PREFIX, apiKey: customerOf, session: (request) => requireCustomer({ db, now }, request), failures }));
      // Expensive reads and the insights refresh, per signed-in account (issue 31, point 13).
      const readLimits = readLimitsFrom(config, { db, now, customerOf: async (request) => (await requireCustomer({ db, now }, request)).customerId });
      await api.register(healthRoutes({ db }));
      await api.register(waitlistRoutes({ db, now, hashIp, limitPerMinute: config.WAITLIST_LIMIT_PER_MINUTE }));
      await api.register(authRoutes({ ...accountDeps, emailSendsPerMinute: config.EMAIL_SEND_LIMIT_PER_MINUTE, queueEmailLink: jobs.queueEmailLink }));
      await api.register(profileRoutes(accountDeps));
      await api.register(accountPlanRoutes({ db, now }));
      await api.register(notificationsRoutes({ db, now }));
      await api.register(searchRoutes({ db, now, limit: readLimits.search }));
      await api.register(dataExportRoutes({ db, now, startBuild: jobs.buildDataExport }));
      await api.register(audienceRoutes({ ...subscriberDeps, attributeKeysLimit: readLimits.attributeKeys }));
      await api.register(importRoutes({ db, now, startImport: jobs.runImport }));
      await api.register(mediaRoutes({ ...mediaDeps, fromUrl: true, customerOf: async (request) => (await requireCustomer({ db, now }, request)).customerId }, '/media/v1/images'));
      await api.register(segmentRoutes({ db, now }));
      await api.register(campaignRoutes({ ...campaignDeps, previewLimit: readLimits.campaignPreview }));
      await api.register(senderRoutes(senderDeps));
      await api.register(seedListRoutes(senderDeps));
      await api.register(reportRoutes({ db, now }));
      await api.register(dashboardRoutes({ db, now, limit: readLimits.homeOverview }));
      await api.register(deliverabilityRoutes({ db, now, settings: guardrailSettingsFrom(config), dailyLimit: quotas.campaignMessagesPerDay }));
      await api.register(abTestRoutes({ db, now }));
      await api.register(flowRoutes({ db, now, allowLocalWebhooks: config.WEBHOOKS_ALLOW_LOCAL, secrets, sending, flowsPerAccount: config.FLOWS_PER_ACCOUNT, scannedFlowsPerAccount: config.FLOW_SCANNED_PER_ACCOUNT }));
      await api.register(bounceWebhookRoutes({ db, now, secret: config.BOUNCE_WEBHOOK_SECRET, softBounces: { toSuppress: config.SOFT_BOUNCES_TO_SUPPRESS, windowDays: config.SOFT_BOUNCE_WINDOW_DAYS } }));
      await api.register(relayWebhookRoutes({ db, now, config, delivery: campaignLinks.delivery }));
      await api.register(preferenceRoutes(preferenceDeps));
      await api.register(formRoutes(subscriptionDeps));
      await api.register(signups.api);
      await api.register(apiKeyRoutes({ db, now, mail: jobs.mail, hashIp, keysPerAccount: config.API_KEYS_PER_ACCOUNT }));
      await api.register(outgoingWebhookRoutes({ db, now, secrets, allowLocal: config.WEBHOOKS_ALLOW_LOCAL }));
      await api.register(aiRoutes(aiDepsFrom(config, { db, now, secrets })));
      await api.register(integrationRoutes({ ...integrationDeps, hashIp, audiencesLimit: readLimits.platformAudiences, appUrl: config.APP_URL, signState: hmacSha256(await getOrCreateSecret(db, 'oauth-state')) }));
      await api.register(platformWebhookRoutes(integrationDeps));
      await api.register(publicApiRoutes({ ...subscriberDeps, ...subscriptionDeps, customerOf }));
      // Sending from other apps, with the dashboard's own deps.
      await api.register(publicCampaignRoutes({ ...campaignDeps, customerOf }));
      await api.register(publicSenderRoutes({ ...senderDeps, customerOf }));
      await api.register(publicSendingDomainRoutes({ ...senderDeps, customerOf }));
      await api.register(mediaRoutes({ ...mediaDeps, customerOf }, '/v1/media'));
      await api.register(
        brandRoutes({
          db,
          now,
          appUrl: config.APP_URL,
          website: { allowed: mediaDeps.remoteImages.allowed, timeoutMs: BRAND_WEBSITE_TIMEOUT_MS },
          websiteReadsPerHour: accountLimit({ db, now }, { kind: 'brand-website', limit: config.BRAND_WEBSITE_READS_PER_HOUR, windowMs: 60 * 60 * 1000 }),
        }),
      );
      const templateDeps = { db, now, appUrl: config.APP_URL, links: campaignLinks };
      await api.register(templateRoutes({ ...templateDeps, customerOf: async (request) => (await requireCustomer({ db, now }, request)).customerId }, `/${TEMPLATE_GALLERY_PATH}`, { rename: true }));
      await api.register(templateRoutes({ ...templateDeps, customerOf }, '/v1/templates', { rename: false }));
      await api.register(sectionRoutes({ db, now }));
      // New events start, end (goals) and wake flows in the ingest transaction (modules/automations).
      await api.register(eventApiRoutes({ db, now, customerOf, onEventsStored: flowEventHook }));
      await api.register(eventDashboardRoutes({ db, now }));
      await api.register(productApiRoutes({ db, now, customerOf }));
      await api.register(insightsApiRoutes({ db, now, customerOf, queueRefresh: jobs.refreshInsights }));
      await api.register(recommendationApiRoutes({ db, now, customerOf }));
      await api.register(insightsDashboardRoutes({ db, now, queueRefresh: jobs.refreshInsights, summaryLimit: readLimits.insightsSummary, refreshLimit: readLimits.insightsRefresh }));
      await api.register(productDashboardRoutes({ db, now }));
      await api.register(docsRoutes(config.APP_URL));
      await api.register(countriesRoutes());
    },
    { prefix: API_PREFIX },
  );
  await app.register(oneClickRoutes(preferenceDeps));
  await app.register(trackingRoutes({ db, now, links: campaignLinks.tracking }));
  await app.register(mediaFileRoutes(storage));
  await app.register(signups.embedded);
  // The dev outbox's pages exist only while no relay is configured: never beside real mail.
  if (!config.SMTP_URL) await app.register(mailboxRoutes({ db }), { prefix: '/dev/mailbox' });
  await registerWebApp(app, config.WEB_DIST_DIR);
  return app;
}
