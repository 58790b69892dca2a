// The warm-up (issue 32, point 6): receivers judge a sender they have never seen by how its first
// days go, so a new account, and an account sending from a newly authenticated domain, starts
// with a small daily volume that grows day by day, its most engaged readers first (their opens
// and clicks are what receivers learn the sender's reputation from).

const DAY_MS = 86_400_000;

export interface WarmUpStage {
  /** 1 on the first day. */
  day: number;
  days: number;
  /** Messages within any 24 hours. */
  limit: number;
}

/** The stage a warm-up that began at `since` is at; null once its schedule is over (or there is none). */
export function warmUpStage(schedule: readonly number[], since: Date, now: Date): WarmUpStage | null {
  const index = Math.max(0, Math.floor((now.getTime() - since.getTime()) / DAY_MS));
  const limit = schedule[index];
  return limit === undefined ? null : { day: index + 1, days: schedule.length, limit };
}

/**
 * When the warm-up that applies to a message began: the later of the account's first message and
 * the authentication of the domain it is sent from (a domain receivers have not seen starts over).
 */
export function warmUpSince(accountSince: Date, domainAuthenticatedAt: Date | null): Date {
  return domainAuthenticatedAt && domainAuthenticatedAt > accountSince ? domainAuthenticatedAt : accountSince;
}
