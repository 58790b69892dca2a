import { EMAIL_MAX_LENGTH } from './email';

// Campaign field limits, on their own so ab-tests.ts can use them without importing campaigns.ts
// (which imports the A/B test schema).

export const CAMPAIGN_LIMITS = {
  name: 200,
  subject: 300,
  preheader: 300,
  fromName: 100,
  email: EMAIL_MAX_LENGTH,
  /** The editor's HTML and the plain-text version. */
  html: 512 * 1024,
  text: 256 * 1024,
  audienceItems: 50,
  testRecipients: 5,
} as const;
