// What the customer reads when a relay refuses the sending itself (an unverified identity, a
// quota, authentication, policy): never a bounce of the readers, so nobody is suppressed, and a
// campaign that keeps meeting the same refusal stops until the customer has fixed the setup.

/** The circuit breaker: the same sender-side refusal this many messages in a row of a campaign, or over this share of a batch (with at least `minRefusals`), pauses it. */
export const SENDING_BREAKER = { inARow: 5, batchShare: 0.2, minRefusals: 5 } as const;

// The relay's words as shown: enough to name the identity or rule it quoted.
const WORDS_SHOWN = 300;

const quoted = (words: string) => `"${words.length > WORDS_SHOWN ? `${words.slice(0, WORDS_SHOWN)}…` : words}"`;

export const SENDING_REFUSAL_TEXTS = {
  /** campaigns.paused_reason: shown beside Resume. */
  pausedReason: (words: string) =>
    `Paused: the mail relay refused the sender (not your readers) for several messages in a row. It said: ${quoted(words)}. Nobody was marked as bounced. Fix the sending setup (for example, verify the From address or domain with the relay), then resume.`,
  /** An automation email step's reason when the relay refused the sender. */
  stepRefused: (words: string) => `The relay refused the sender, not the reader (no bounce recorded): ${quoted(words)}`,
} as const;
