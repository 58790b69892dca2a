// What a 429 says when an account asks too often for a read that costs the server a lot, or
// refreshes its insights again too soon (issue 31, point 13). The wait is in the Retry-After
// header as well; the text says it in words.

/** "12 seconds", "1 second", "3 minutes": a wait as a person reads it, rounded up. */
export function waitInWords(seconds: number): string {
  const whole = Math.max(1, Math.ceil(seconds));
  if (whole < 120) return whole === 1 ? '1 second' : `${whole} seconds`;
  return `${Math.ceil(whole / 60)} minutes`;
}

export const REQUEST_LIMIT_MESSAGES = {
  search: (seconds: number) => `Too many searches in a minute. Try again in ${waitInWords(seconds)}.`,
  homeOverview: (seconds: number) => `Home was loaded too often in a minute. Try again in ${waitInWords(seconds)}.`,
  campaignPreview: (seconds: number) => `Too many previews in a minute. The preview comes back in ${waitInWords(seconds)}.`,
  platformAudiences: (seconds: number) => `The platform’s audiences were asked for too often. Try again in ${waitInWords(seconds)}.`,
  attributeKeys: (seconds: number) => `The subscribers' attributes were asked for too often. Try again in ${waitInWords(seconds)}.`,
  insightsSummary: (seconds: number) => `The insights were loaded too often in a minute. Try again in ${waitInWords(seconds)}.`,
  insightsRefresh: (seconds: number) => `Insights were refreshed a moment ago. You can refresh them again in ${waitInWords(seconds)}.`,
} as const;
