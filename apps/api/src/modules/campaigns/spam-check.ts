import { CAMPAIGN_CHECK_TEXTS, type CampaignCheck } from '@postlark/shared/campaign-checks';
import { SpamCheckError, type SpamChecker } from '../../mail/spam-score';

// The spam filter's verdict on the campaign's message (SPAMD_URL), as one line of the checklist.
// A filter that cannot be reached is said so, as a warning; it never holds the other checks back.

export async function spamCheck(checker: SpamChecker, message: Buffer): Promise<CampaignCheck> {
  const title = CAMPAIGN_CHECK_TEXTS.spamTitle;
  try {
    const { score, threshold, rules } = await checker(message);
    const rulesText = rules.length > 0 ? CAMPAIGN_CHECK_TEXTS.spamRules(rules) : '';
    if (score >= threshold) return { id: 'spam', status: 'warn', title, detail: CAMPAIGN_CHECK_TEXTS.spamOver(score, threshold) + rulesText };
    return { id: 'spam', status: 'pass', title, detail: CAMPAIGN_CHECK_TEXTS.spamUnder(score, threshold) + rulesText };
  } catch (error) {
    if (error instanceof SpamCheckError) return { id: 'spam', status: 'warn', title, detail: CAMPAIGN_CHECK_TEXTS.spamUnavailable(error.message) };
    throw error;
  }
}
