import type { PreferenceCentre, PreferenceChoices } from '@postlark/shared/preferences';
import { webEnv } from '../../config/env';
import { requestJson } from '../../lib/api-client';

// The preference centre's calls: no session, the link's token is the proof.

const centreUrl = (token: string) => `${webEnv.apiBase}public/v1/preferences/${encodeURIComponent(token)}`;

type CentreAnswer = { payload: PreferenceCentre & { message?: string } };
type ChangeAnswer = { payload: { message: string; preferences: PreferenceCentre } };

export function getPreferenceCentre(token: string) {
  return requestJson<CentreAnswer>('GET', centreUrl(token));
}

export function putPreferenceChoices(token: string, body: PreferenceChoices) {
  return requestJson<ChangeAnswer>('PUT', centreUrl(token), body);
}

export function postUnsubscribeAll(token: string) {
  return requestJson<ChangeAnswer>('POST', `${centreUrl(token)}/unsubscribe`);
}

/** "Yes, keep me subscribed": the answer a sunset flow waits for. */
export function postKeepSubscription(token: string) {
  return requestJson<ChangeAnswer>('POST', `${centreUrl(token)}/keep`);
}
