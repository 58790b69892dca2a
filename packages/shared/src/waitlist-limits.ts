// Apart from waitlist.ts's zod schema: the landing page's first bundle needs these, not zod
// (docs/decisions/001-public-site-bundle.md); the schema arrives with the first submit.

export const WAITLIST_STATUSES = ['Waitlist', 'Contact'] as const;
export type WaitlistStatus = (typeof WAITLIST_STATUSES)[number];

export const WAITLIST_MESSAGE_MAX_LENGTH = 5000;
