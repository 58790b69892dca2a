import type { AbTestSettings } from '@postlark/shared/ab-tests';
import { STO_MESSAGES, type SendTimeOptimisation } from '@postlark/shared/send-time-optimisation';
import { HttpError } from '../../http/errors';

/**
 * Refuses what cannot go together (400, by field): a send-time A/B test chooses when the mail goes
 * out as well, so the two would fight over the same rows. Any other test combines: its test group
 * goes at the send time, the rest at each person's best time after the decision.
 */
export function checkStoCombination(sto: SendTimeOptimisation | null, test: AbTestSettings | null): void {
  if (sto && test?.dimension === 'send_time') {
    throw new HttpError(400, STO_MESSAGES.withSendTimeTest, { send_time_optimisation: STO_MESSAGES.withSendTimeTest });
  }
}
