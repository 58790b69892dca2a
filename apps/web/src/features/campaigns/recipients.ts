import { type CampaignTestSend, campaignTestSendSchema } from '@postlark/shared/campaigns';
import { firstErrorMessage } from '@postlark/shared/validation';

/** The addresses typed into the test-send box: commas, semicolons, spaces or new lines between them. */
export function splitRecipients(input: string): string[] {
  return input
    .split(/[\s,;]+/)
    .map((part) => part.trim())
    .filter(Boolean);
}

/** The addresses to test-send to, checked with the server's own schema, or the first problem. */
export function parseRecipients(input: string): { ok: true; recipients: string[] } | { ok: false; message: string } {
  // The same address twice is one test mail, not two, and not one of the five.
  const unique = [...new Set(splitRecipients(input).map((address) => address.toLowerCase()))];
  const result = campaignTestSendSchema.safeParse({ recipients: unique });
  return result.success ? { ok: true, recipients: result.data.recipients } : { ok: false, message: firstErrorMessage(result.error) };
}

/** The test send's body: the typed addresses and the chosen seed list (none: ''), or the first problem. */
export function parseTestSend(input: string, seedListId: string): { ok: true; body: CampaignTestSend } | { ok: false; message: string } {
  const unique = [...new Set(splitRecipients(input).map((address) => address.toLowerCase()))];
  const result = campaignTestSendSchema.safeParse(seedListId ? { recipients: unique, seed_list_id: seedListId } : { recipients: unique });
  return result.success ? { ok: true, body: result.data } : { ok: false, message: firstErrorMessage(result.error) };
}
