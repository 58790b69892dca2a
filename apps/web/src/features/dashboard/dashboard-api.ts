import type { ApiMessage } from '@postlark/shared/api-response';
import type { AccountPlanView } from '@postlark/shared/plans';
import type { HelpMessage } from '@postlark/shared/waitlist';
import { webEnv } from '../../config/env';
import { requestJson } from '../../lib/api-client';

// The dashboard shell's own calls (issue 23): Help's message to the operators and Upgrade's plan.

const userUrl = (customerId: string) => `${webEnv.apiBase}home/v1/user/${encodeURIComponent(customerId)}`;

/** Help's message: stored as a Contact submission from the signed-in customer's own address. */
export function postContactMessage(customerId: string, body: HelpMessage) {
  return requestJson<ApiMessage>('POST', `${userUrl(customerId)}/contact-message`, body);
}

/** The account's plan and the days left of its free trial, counted by the server. */
export function getAccountPlan(customerId: string) {
  return requestJson<{ payload: AccountPlanView }>('GET', `${userUrl(customerId)}/plan`);
}

/** The Upgrade panel's read of the plan, as it goes. */
export type AccountPlanState = { status: 'loading' } | { status: 'ready'; view: AccountPlanView } | { status: 'failed' };
