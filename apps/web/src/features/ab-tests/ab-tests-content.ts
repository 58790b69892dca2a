import type { AbMetric, AbStatus } from '@postlark/shared/ab-tests';

// The A/B test pages' words: the editor's panel, the tests page, a report's section, a flow step's variants.

export const AB_METRIC_HINTS: Record<AbMetric, string> = {
  open_rate: 'Opens by mail-privacy proxies and scanners are left out: they open every email, whatever its subject.',
  click_rate: 'The share of recipients who clicked a link.',
  revenue: 'Orders your store reports (order_placed events) attributed to the email, per recipient.',
};

export const AB_STATUS_LABELS: Record<AbStatus, string> = {
  draft: 'Not started',
  testing: 'Running',
  winner: 'Decided',
  no_winner: 'No clear winner',
  cancelled: 'Cancelled',
};

/** The statuses the tests page filters by, in its order. */
export const AB_STATUS_FILTERS = ['testing', 'winner', 'no_winner'] as const;

export const AB_TEXTS = {
  panelTitle: 'A/B test',
  panelLead: 'Send two to four variants to part of the audience, then the better one to everyone else, on its own.',
  toggle: 'Test variants of this campaign',
  toggleHint: 'Off: everyone gets the campaign as written.',
  dimension: 'What differs',
  variants: 'Variants',
  original: 'A (original)',
  originalHint: 'The campaign’s own field above.',
  addVariant: 'Add a variant',
  removeVariant: (label: string) => `Remove variant ${label}`,
  testShare: 'Test group',
  testShareHint: (share: number) => `${share}% of the audience, split at random and evenly between the variants; the other ${100 - share}% get the winner.`,
  metric: 'Winner by',
  revenueNoOrders: 'Revenue per recipient needs orders from your store (order_placed events); none have arrived yet.',
  wait: 'Longest wait',
  waitHint: 'It stops as soon as one variant is clearly better; at this deadline, if none is, the original goes to everyone else.',
  sendDelay: 'Send after the start',
  atStart: 'At the start',
  copyOriginal: 'Start from the original content',
  contentHint: 'This variant’s email body as HTML. Merge tags work as in the editor.',
  howItDecides: 'Checked every 5 minutes with a sequential test that keeps the chance of a false winner at 5% however often it looks. No coin-flip winners: when the variants are too close to call, the report says so.',
  deciding: 'Deciding…',
  noClearWinner: 'No clear winner',
  stateTitle: 'A/B test status',
  loadingTests: 'Loading your A/B tests...',
  testsFailed: 'Your A/B tests could not be loaded.',
  noTests: 'No A/B tests yet',
  noTestsText: 'Turn on an A/B test in a campaign’s editor: its variants, results and winner appear here.',
  noTestsFiltered: 'No tests with this status.',
  newCampaign: 'Create a campaign',
  machineWarning: 'Many opens came from privacy proxies and scanners. They are left out of the human open rate, but with this many, open rates say less than usual: prefer clicks to judge.',
  intervalNote: 'The bars show each variant’s rate; the whiskers its 95% interval. Overlapping whiskers mean the data cannot tell the variants apart yet.',
  stepTitle: 'A/B test this email',
  stepLead: 'Everyone passing through is split evenly between the variants until one is clearly better; from then on everyone gets it.',
} as const;

/** The choices of the longest wait, in minutes (the contract's 30 minutes to 72 hours). */
export const AB_WAIT_CHOICES = [30, 60, 120, 240, 480, 720, 1440, 2880, 4320] as const;

/** The choices of a send-time variant's delay after the start, in minutes. */
export const AB_DELAY_CHOICES = [30, 60, 120, 180, 240, 360, 480, 720, 1440, 2880, 4320] as const;
