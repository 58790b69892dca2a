// The engagement score's words in the audience pages (issue 21).
export const ENGAGEMENT_TEXTS = {
  column: 'Engagement',
  notScored: 'Not scored',
  scoreTitle: (percent: string) => `${percent} chance of opening or clicking the next campaign`,
} as const;
