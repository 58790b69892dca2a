/**
 * Where the server mounts its API. Links the API hands out (downloads in answers and
 * notifications) are paths under it; the web app reaches them through its own API base.
 */
export const API_PREFIX = '/api';

// The spec's route table (SPEC section 2). Paths are the contract; components and the server use these names.
export const ROUTES = {
  root: '/',
  landing: '/landing',
  privacy: '/privacy',
  faq: '/faq',
  term: '/term',
  // The avatar menu links to /terms, so the terms page answers there too.
  terms: '/terms',
  policies: '/policies',
  signup: '/signup',
  basic: '/basic',
  login: '/login',
  forgetPassword: '/forget-password',
  platformIntegration: '/platform-integration',
  dashboard: '/dashboard',
  profile: '/dashboard/profile',
  // The audience (issue 5): the subscribers table, one subscriber (/dashboard/subscribers/{id}), the lists.
  subscribers: '/dashboard/subscribers',
  lists: '/dashboard/lists',
  imports: '/dashboard/import',
  segments: '/dashboard/segments',
  forms: '/dashboard/forms',
  // The product catalogue (issue 19): what the API and CSV imports sent.
  products: '/dashboard/products',
  // Campaigns (issue 6): the list, the editor of a new one and of one (/dashboard/campaigns/{id}).
  campaigns: '/dashboard/campaigns',
  newCampaign: '/dashboard/campaigns/new',
  // The media library (issue 33): images uploaded for emails, under Campaigns in the sidebar.
  media: '/dashboard/media',
  // The brand kit (issue 33): logo, colours, fonts and buttons new emails are drawn with, under Campaigns.
  brand: '/dashboard/brand',
  // Reports (issue 6): every sent campaign's figures, and one campaign's (/dashboard/reports/{id}).
  reports: '/dashboard/reports',
  // Purchase insights (issue 19): the account's orders, RFM grid and predictions, beside the reports.
  insights: '/dashboard/insights',
  // Opened from the mail that confirms a new email address.
  confirmEmail: '/confirm-email',
  // Opened from the notice to the old address: "this wasn't me" cancels a pending email change.
  cancelEmailChange: '/cancel-email-change',
  // A subscriber's preference centre, opened from any campaign email: /u/{token}.
  preferenceCentre: '/u',
  // A sign-up form's hosted page (/f/{formId}), and the page the double opt-in email opens.
  signupForm: '/f',
  confirmSubscription: '/confirm-subscription',
  // Sender identities (issue 18): the Senders page, and the page a sender's confirmation link opens.
  senders: '/dashboard/senders',
  // Deliverability (issue 32): rates by mailbox provider, domains, warm-up, a guardrail's pause.
  deliverability: '/dashboard/deliverability',
  confirmSender: '/confirm-sender',
  // Automations (issue 19): the flows, and one flow's builder (/dashboard/automations/{id}).
  automations: '/dashboard/automations',
  // Automated A/B testing (issue 20): every test, opened from the sidebar's Auto A/B Testing.
  abTests: '/dashboard/ab-tests',
} as const;

/**
 * Public pages the web app's build renders into HTML (for /login and /signup, their empty form):
 * the server sends that HTML for them and the app hydrates it (issue 23).
 */
export const PRERENDERED_PAGES: readonly string[] = [
  ROUTES.landing,
  ROUTES.privacy,
  ROUTES.faq,
  ROUTES.term,
  ROUTES.terms,
  ROUTES.policies,
  ROUTES.login,
  ROUTES.signup,
];

// Pages the web app renders today; the server answers any other path with the not-found page and a 404.
export const RENDERED_PAGES: readonly string[] = [
  ROUTES.root,
  ...PRERENDERED_PAGES,
  ROUTES.basic,
  ROUTES.forgetPassword,
  ROUTES.platformIntegration,
  ROUTES.dashboard,
  ROUTES.profile,
  ROUTES.subscribers,
  ROUTES.lists,
  ROUTES.imports,
  ROUTES.segments,
  ROUTES.forms,
  ROUTES.products,
  ROUTES.reports,
  ROUTES.insights,
  ROUTES.campaigns,
  ROUTES.newCampaign,
  ROUTES.media,
  ROUTES.brand,
  ROUTES.confirmEmail,
  ROUTES.cancelEmailChange,
  ROUTES.confirmSubscription,
  ROUTES.senders,
  ROUTES.deliverability,
  ROUTES.confirmSender,
  ROUTES.automations,
  ROUTES.abTests,
];

/** Where the build writes a prerendered page, inside the web app's dist folder. */
export function prerenderedFile(page: string): string {
  return `prerendered${page}.html`;
}

/** The profile's Contact information tab, where the postal (and billing) address is kept. */
export const CONTACT_TAB_PATH = `${ROUTES.profile}?tab=contact`;

/** The profile's Integrations tab: email platforms, the AI provider, webhooks and API keys. */
export const INTEGRATIONS_PATH = `${ROUTES.profile}?tab=integrations`;

/** One subscriber's page. */
export function subscriberPath(id: string): string {
  return `${ROUTES.subscribers}/${encodeURIComponent(id)}`;
}

/** The subscribers table showing one list's members. */
export function listSubscribersPath(listId: string): string {
  return `${ROUTES.subscribers}?list_id=${encodeURIComponent(listId)}`;
}

/** The subscribers table filtered by a segment. */
export function segmentSubscribersPath(segmentId: string): string {
  return `${ROUTES.subscribers}?segment_id=${encodeURIComponent(segmentId)}`;
}

const SUBSCRIBER_PAGE = /^\/dashboard\/subscribers\/[0-9a-f-]{36}$/i;
const REPORT_PAGE = /^\/dashboard\/reports\/[0-9a-f-]{36}$/i;
const CAMPAIGN_PAGE = /^\/dashboard\/campaigns\/[0-9a-f-]{36}$/i;
const FLOW_PAGE = /^\/dashboard\/automations\/[0-9a-f-]{36}$/i;

/** One flow's builder. */
export function flowPath(flowId: string): string {
  return `${ROUTES.automations}/${encodeURIComponent(flowId)}`;
}

/** One campaign's editor (or, once it went out, its read-only page). */
export function campaignPath(campaignId: string): string {
  return `${ROUTES.campaigns}/${encodeURIComponent(campaignId)}`;
}

/** One campaign's report. */
export function reportPath(campaignId: string): string {
  return `${ROUTES.reports}/${encodeURIComponent(campaignId)}`;
}

const SIGNUP_FORM_PAGE = /^\/f\/[0-9a-f-]{36}$/i;

/** A sign-up form's hosted page; the snippet on a customer's site posts here too. */
export function signupFormPath(formId: string): string {
  return `${ROUTES.signupForm}/${formId}`;
}

/** The path without trailing slashes ("/" stays "/"). A loop, not /\/+$/: that regex rescans every run of slashes from each of its slashes, quadratic on a path of them. */
export function withoutTrailingSlash(pathname: string): string {
  let end = pathname.length;
  while (end > 1 && pathname.charCodeAt(end - 1) === 0x2f) end -= 1;
  return pathname.slice(0, end);
}

/** The preference centre of the subscriber a link token was made for. */
export function preferenceCentrePath(token: string): string {
  return `${ROUTES.preferenceCentre}/${token}`;
}

/** Its pages carry the subscriber's token in the path: never sent on as a referrer. */
export function isPreferenceCentrePage(pathname: string): boolean {
  return /^\/u\/[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{22}$/.test(withoutTrailingSlash(pathname));
}

// SPEC section 2: the shared footer is hidden on these routes.
export const FOOTER_HIDDEN_ROUTES: readonly string[] = [
  ROUTES.signup,
  ROUTES.basic,
  ROUTES.login,
  ROUTES.forgetPassword,
  ROUTES.platformIntegration,
  ROUTES.dashboard,
  ROUTES.profile,
];

export function isRenderedPage(pathname: string): boolean {
  const path = withoutTrailingSlash(pathname);
  return RENDERED_PAGES.includes(path) || SUBSCRIBER_PAGE.test(path) || REPORT_PAGE.test(path) || CAMPAIGN_PAGE.test(path) || FLOW_PAGE.test(path) || isPreferenceCentrePage(path) || SIGNUP_FORM_PAGE.test(path);
}

/**
 * Pages a subscriber opens from a customer's email or site: the preference centre, a hosted
 * sign-up form and the double opt-in confirmation. They belong to the customer who sends, not to
 * our marketing site, and lead nowhere else in the app.
 */
export function isSubscriberPage(pathname: string): boolean {
  const path = withoutTrailingSlash(pathname);
  return isPreferenceCentrePage(path) || SIGNUP_FORM_PAGE.test(path) || path === ROUTES.confirmSubscription;
}

/** The footer is hidden on the spec's account screens and everywhere in the dashboard. */
export function hidesFooter(pathname: string): boolean {
  const path = withoutTrailingSlash(pathname);
  // The sender confirmation page is read by whoever owns the mailbox: the subscriber pages' plain frame.
  return FOOTER_HIDDEN_ROUTES.includes(path) || path.startsWith(`${ROUTES.dashboard}/`) || isSubscriberPage(path) || path === ROUTES.confirmSender;
}
