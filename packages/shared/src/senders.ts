// Sender identities and account quotas (issue 18, finding 4).

/** What the per-account quotas count. */
export const USAGE_KINDS = ['campaign-messages', 'test-sends', 'sender-confirmations'] as const;
export type UsageKind = (typeof USAGE_KINDS)[number];
