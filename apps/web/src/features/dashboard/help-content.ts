import { AB_DIMENSIONS } from '@postlark/shared/ab-tests';
import { IMPORT_LIMITS } from '@postlark/shared/imports';
import { PLATFORM_IDS, PLATFORM_NAMES } from '@postlark/shared/integrations';
import { ROUTES } from '@postlark/shared/routes';
import type { DashboardIconName } from './components/dashboard-icon';

// The top bar's Help panel (issue 23): short how-tos, each true of the pages it links to (their
// buttons are named as those pages name them), the API documentation and a message to our team.

export interface HowTo {
  id: string;
  title: string;
  icon: DashboardIconName;
  steps: readonly string[];
  link: { label: string; to: string };
}

const platformNames = PLATFORM_IDS.map((id) => PLATFORM_NAMES[id]);
const orList = (names: readonly string[]) => `${names.slice(0, -1).join(', ')} or ${names.at(-1)}`;

export const HOW_TOS: readonly HowTo[] = [
  {
    id: 'import',
    icon: 'upload',
    title: 'Import your audience',
    steps: [
      `Open Subscribers › Import and choose a CSV file with one subscriber per row, up to ${IMPORT_LIMITS.maxBytes / 1024 / 1024} MB.`,
      'Tell us what each column holds (email, names, time zone or an attribute), pick the lists everyone joins, and press Start import.',
      'It runs in the background with its progress shown; addresses that unsubscribed or bounced before are never re-subscribed.',
    ],
    link: { label: 'Open Import', to: ROUTES.imports },
  },
  {
    id: 'connect',
    icon: 'connect',
    title: 'Connect a platform',
    steps: [
      `In Profile › Integrations, choose Connect to ${orList(platformNames)} and paste the key from that platform’s settings; the form says where to find it.`,
      'Then choose the audience to import: its people join a new list named after it and stay in sync, and Sync now fetches changes at once.',
    ],
    link: { label: 'Open Integrations', to: `${ROUTES.profile}?tab=integrations` },
  },
  {
    id: 'campaign',
    icon: 'campaigns',
    title: 'Write and schedule a campaign',
    steps: [
      'On Campaigns, press New campaign and start from a template.',
      'Give it a subject line, choose the lists or segments it goes to, and write it in the editor; Send test mails it to your confirmed addresses first.',
      'Schedule takes a date, a time and a time zone, and Unschedule takes it back while you make changes.',
    ],
    link: { label: 'Open Campaigns', to: ROUTES.campaigns },
  },
  {
    id: 'automation',
    icon: 'automations',
    title: 'Set up an automation',
    steps: [
      'On Automations, press New flow and start from a template, such as a welcome series or an abandoned cart, or from a blank flow.',
      'Choose its trigger, then add steps: emails, waits, splits and updates.',
      'Test with a person shows the path someone would take, without sending anything; Activate lets everyone who meets the trigger from then on enter it.',
    ],
    link: { label: 'Open Automations', to: ROUTES.automations },
  },
  {
    id: 'ab-test',
    icon: 'ab',
    title: 'Run an A/B test',
    steps: [
      `In a campaign’s editor, turn on Test variants of this campaign and write two to four variants of one of its ${AB_DIMENSIONS.length} parts, such as the subject line or the content.`,
      'A test group of your audience is split evenly between them, and the winner by opens, clicks or revenue goes to everyone else on its own; if none is clearly better by the longest wait, the original does.',
      'Follow every test and its result on Auto A/B Testing.',
    ],
    link: { label: 'Open Auto A/B Testing', to: ROUTES.abTests },
  },
];

export const HELP_TEXTS = {
  title: 'Help',
  lead: 'Quick answers to get going, our API documentation, and a line to our team.',
  howTosTitle: 'How-tos',
  apiTitle: 'API documentation',
  apiText: 'Every call of the REST API, with its answers. Create a key in Profile › Integrations.',
  apiLink: 'Open the API documentation',
  contactTitle: 'Message our team',
  contactText: (email: string) => (email ? `We reply by email to ${email}.` : 'We reply by email to your account’s address.'),
  messageLabel: 'Your message',
  send: 'Send message',
  sending: 'Sending...',
} as const;
