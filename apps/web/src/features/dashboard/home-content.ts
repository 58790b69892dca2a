import { HOME_AVERAGE_CAMPAIGNS } from '@postlark/shared/dashboard';
import type { PostalAddressField } from '@postlark/shared/profile';

// Home's words (/dashboard), defined once. The three steps are the site's promise (SPEC section 1).

export const HOME_TEXTS = {
  lead: 'Your audience, your latest results and what is coming up, at a glance.',
  loading: 'Loading your account overview…',
  failedTitle: 'Your overview could not be loaded',
  failed: 'Your overview could not be loaded. Check your connection and try again.',
  stepsTitle: 'Get started in three steps',
  stepsProgress: (done: number) => `${done} of 3 done`,
  done: 'Done',
  toDo: 'To do',
  audienceTitle: 'Audience',
  audienceUnit: 'subscribers you can email',
  audienceEmptyTitle: 'No subscribers yet',
  insightsLink: 'See purchase insights',
  insightsNeedOrders: 'Purchase insights appear once your shop sends its orders to Postlark, as order_placed events with your API key.',
  insightsSetUp: 'Set up an API key',
  audienceEmptyText: 'Add people by hand, import a CSV from your old tool, or put a sign-up form on your site.',
  growthIn: (days: number) => `in ${days} days`,
  chartOrTable: 'Show as',
  period: 'Period',
  lastTitle: 'Last campaign',
  lastEmptyTitle: 'No campaign sent yet',
  lastEmptyText: 'Write your first campaign: its opens, clicks and unsubscribes show here once it goes out.',
  average: 'Your average',
  averageOver: (count: number) =>
    count >= HOME_AVERAGE_CAMPAIGNS
      ? `Your average is over your last ${count} sent campaigns, each counted once.`
      : `Your average is over your ${count} sent ${count === 1 ? 'campaign' : 'campaigns'}, each counted once.`,
  thisCampaign: 'This campaign',
  openRateNote: 'Open rate counts people, not mail privacy proxies or scanners, as the reports do.',
  scheduledTitle: 'Scheduled',
  scheduledEmpty: 'Nothing is scheduled. Schedule a campaign and it shows here with its send time.',
  automationsTitle: 'Running automations',
  automationsEmpty: 'No automation is live. A welcome series greets every new subscriber for you.',
  testsTitle: 'A/B tests running',
  testsEmpty: 'No A/B test is deciding right now. Test subject lines and Postlark sends the winner.',
  more: (total: number, shown: number) => `and ${total - shown} more`,
} as const;

/** What each get-started step says, and where it leads while not done. */
export const HOME_STEPS = {
  signUp: { title: 'Sign Up', text: 'Your Postlark account is ready.' },
  // Postlark sends by itself; connecting another email platform is an option (issue 38).
  customize: { title: 'Customize', text: 'Confirm the address you send from and complete your profile. Already on Mailchimp, Brevo or beehiiv? Connecting it is optional.' },
  send: { title: 'Send & Shine', text: 'Send your first campaign: Postlark picks send times and tests subject lines for you.' },
  platformDone: (names: string) => `Connected: ${names}`,
  platformOptional: 'Connect another email platform (optional)',
  senderDone: 'Sender address confirmed',
  sendingDone: 'Sending with Postlark',
  senderToDo: 'Confirm the address you send from',
  profileDone: 'Postal address complete',
  profileToDo: (fields: string) => `Add your ${fields} to your contact information`,
  campaignDone: 'First campaign sent',
  campaignToDo: 'Write your first campaign',
} as const;

/** The contact fields as the Contact tab labels them. */
export const ADDRESS_FIELD_NAMES: Record<PostalAddressField, string> = {
  street_address: 'street address',
  city: 'city',
  postal_code: 'postal code',
  country: 'country',
};

export const HOME_ACTIONS = {
  confirmSender: 'Confirm a sender address',
  completeProfile: 'Complete your profile',
  addSubscribers: 'Add subscribers',
  importCsv: 'Import a CSV',
  newCampaign: 'Write a campaign',
  schedule: 'Plan a campaign',
  automations: 'Create an automation',
  abTests: 'Start an A/B test',
  report: 'See the full report',
  allScheduled: 'All campaigns',
} as const;

export const RESULT_LABELS = {
  sent: 'Sent',
  delivered: 'Delivered',
  open_rate: 'Open rate',
  click_rate: 'Click rate',
  unsubscribes: 'Unsubscribes',
  bounces: 'Bounces',
} as const;
