// The landing page's copy and data (SPEC sections 1, 2 and 9). Names and plan facts are the spec's.

export const FEATURES = [
  {
    title: 'Smart Send Optimization',
    body: 'Postlark learns when each reader opens mail and delivers every email in their personal best hour.',
    icon: 'clock',
  },
  {
    title: 'Automated A/B Testing',
    body: 'Test subject lines and content on a slice of your list; the winner goes to everyone else automatically.',
    icon: 'split',
  },
  {
    title: 'Behavioral Personalization',
    body: 'Blocks that adapt to what each subscriber reads, clicks and buys, without writing a single rule.',
    icon: 'person',
  },
  {
    title: 'Engagement Scoring',
    body: 'Every subscriber gets a live score, so you can reward your fans and win back the ones drifting away.',
    icon: 'gauge',
  },
  {
    title: 'Predictive Recommendations',
    body: 'AI suggests the next article or product each reader is most likely to love, right inside the email.',
    icon: 'spark',
  },
] as const;

export type FeatureIcon = (typeof FEATURES)[number]['icon'];

export const CAMPAIGN_TYPES = [
  'Weekly digest',
  'Welcome series',
  'Product launch',
  'Re-engagement',
  'Abandoned cart',
  'Event invitation',
  'Holiday sale',
  'Customer survey',
  'Onboarding drip',
  'Milestone celebration',
  'Back in stock',
  'Feedback request',
] as const;

export const STEPS = [
  { title: 'Sign Up', body: 'Create your account in a minute and connect Mailchimp, Brevo or beehiiv, or start fresh with Postlark.' },
  { title: 'Customize', body: 'Pick a template, write with AI help, and let Postlark tailor content and timing to every reader.' },
  { title: 'Send & Shine', body: 'Hit send. We deliver at each reader’s best moment and show you what worked, in plain numbers.' },
] as const;

export const UNIQUE_FEATURES = [
  {
    title: 'Event-Triggered Campaigns',
    body: 'Sign-ups, first purchases, renewals, a reader going quiet: start the right sequence the moment it happens.',
    points: ['Triggers from your store, forms or API', 'Delays, branches and goals', 'Stops when the goal is reached'],
  },
  {
    title: 'Purchase-Based Insights',
    body: 'See which emails bring revenue, which products sell together, and who is ready for the next order.',
    points: ['Revenue per campaign and per subscriber', 'Segments by what people bought', 'Restock and repeat-order timing'],
  },
] as const;

export const TESTIMONIALS = [
  {
    quote: 'Our open rate went from 31% to 44% in six weeks. Send-time optimisation alone paid for the switch.',
    name: 'Maya Okafor',
    role: 'Editor, The Frugal Kitchen',
  },
  {
    quote: 'I used to run A/B tests by hand on a spreadsheet. Now Postlark picks the winner while I sleep.',
    name: 'Daniel Reyes',
    role: 'Growth lead, Trailhead Outfitters',
  },
  {
    quote: 'The engagement scores showed us 2,000 readers about to churn. A three-email win-back kept most of them.',
    name: 'Priya Nair',
    role: 'Founder, Indie Dev Weekly',
  },
] as const;

