// What a message that came back to our envelope sender asks the product to do about one recipient:
// the one vocabulary the inbound classifier answers in, and the order in which outcomes outrank
// each other when a report names several recipients.

export type ReportOutcome =
  /** The address is dead (unknown user, unknown domain, moved): a hard bounce, suppressed at once. */
  | 'dead'
  /** A condition of the mailbox or the network (full, suspended, delayed, expired in a queue): counted against the address. */
  | 'soft'
  /**
   * A refusal about the sender or the content (policy, reputation, blocklist, authentication, spam,
   * missing PTR, too many connections, relaying denied, rate limits, TLS): never the reader's fault,
   * counted toward the account's sending health.
   */
  | 'sender'
  /** A feedback (ARF) report or an equivalent complaint from the reader's mailbox provider. */
  | 'complaint'
  /** An auto-reply (RFC 3834, out-of-office, vacation), a delivered or relayed notice, or anything that asks for no action. */
  | 'none';

const SEVERITY: Record<ReportOutcome, number> = { complaint: 4, dead: 3, sender: 2, soft: 1, none: 0 };

/** The most serious of some outcomes (complaint > dead > sender > soft > none); none when there are none. */
export function mostSerious(outcomes: Iterable<ReportOutcome>): ReportOutcome {
  let worst: ReportOutcome = 'none';
  for (const outcome of outcomes) if (SEVERITY[outcome] > SEVERITY[worst]) worst = outcome;
  return worst;
}
