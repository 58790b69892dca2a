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
  'connection-broken': {
    title: 'A connected platform stopped accepting our key',
    body: 'Its sync is paused. Open Profile, Integrations, and connect it again with a new key.',
  },
} as const;

export type NotificationKind = keyof typeof NOTIFICATION_TEXTS;
