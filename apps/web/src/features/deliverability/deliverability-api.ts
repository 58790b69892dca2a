import type { DeliverabilityOverview } from '@postlark/shared/deliverability';
import { webEnv } from '../../config/env';
import { requestJson } from '../../lib/api-client';

const deliverabilityUrl = (path: string) => `${webEnv.apiBase}deliverability/v1/${path}`;

/** The account's last 30 days by mailbox provider, its limits, domains, refusals and any pause. */
export function getDeliverabilityOverview() {
  return requestJson<{ payload: DeliverabilityOverview }>('GET', deliverabilityUrl('overview'));
}

/** Lifts a guardrail's pause (409 when there is none, 403 when only support may). */
export function postResumeSending() {
  return requestJson<{ payload: { message: string } }>('POST', deliverabilityUrl('resume'), {});
}
