import { DATA_EXPORT_RULES } from '@postlark/shared/data-export';

// What each kind of notification says; one place, so every sender words it the same.
export const NOTIFICATION_TEXTS = {
  'password-changed': {
    title: 'Your password was changed',
    body: 'If this was not you, reset your password from the sign-in page and contact support.',
  },
  'email-changed': {
    title: 'Your email address was changed',
    body: 'We will write to your new address from now on.',
  },
  'api-key-created': {
    title: 'A new API key was made',
    body: 'An app with this key can reach your audience. If this was not you, revoke it under Profile, Integrations, and reset your password.',
  },
  'campaign-held': {
    title: 'A scheduled campaign was not sent',
    body: 'It went back to a draft at its time. Open it to see why, then send or schedule it again.',
  },
  'export-ready': {
    title: 'Your data export is ready',
    body: `Download the Zip of CSV files within ${DATA_EXPORT_RULES.linkHours} hours; after that the link stops working.`,
  },
  'sending-domain-lost': {
    title: 'A sending domain stopped being authenticated',
    body: 'Its DKIM record is no longer found, so campaigns from it cannot be sent. Open Senders to see what to publish again.',
  },
  'campaign-paused-by-relay': {
    title: 'A campaign was paused: the mail relay refused the sender',
    body: 'No reader was marked as bounced. Open the campaign to read what the relay said, fix the sending setup, then resume it.',
  },
  'automation-sender-refused': {
    title: 'Automation emails are being refused by the mail relay',
    body: 'The relay refused the sender, not the readers, for several emails in a row; nobody was marked as bounced. Open the flow to read what it said and fix the sending setup.',
  },
  'sending-paused': {
    title: 'Your sending is paused',
    body: 'Too many of your messages went to addresses that do not exist, or were reported as spam. Open Deliverability to read why and what to do before you resume.',
  },
  'connection-broken': {
    title: 'A connected platform stopped accepting our key',
    body: 'Its sync is paused. Open Profile, Integrations, and connect it again with a new key.',
  },
} as const;

export type NotificationKind = keyof typeof NOTIFICATION_TEXTS;
