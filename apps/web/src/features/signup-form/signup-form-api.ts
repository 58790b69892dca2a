import type { FormSignup, PendingConfirmation, PublicForm } from '@postlark/shared/forms';
import { webEnv } from '../../config/env';
import { requestJson } from '../../lib/api-client';

// A sign-up form's public calls: no session.

const formUrl = (formId: string) => `${webEnv.apiBase}public/v1/forms/${encodeURIComponent(formId)}`;

export function getPublicForm(formId: string) {
  return requestJson<{ payload: PublicForm }>('GET', formUrl(formId));
}

export function postSignup(formId: string, body: Partial<FormSignup>) {
  return requestJson<{ payload: { message: string } }>('POST', `${formUrl(formId)}/subscribe`, body);
}

const confirmUrl = `${webEnv.apiBase}public/v1/subscriptions/confirm`;

/** Whose list the link confirms, read without confirming: the page is drawn in the sender's look. */
export function getPendingConfirmation(token: string) {
  return requestJson<{ payload: PendingConfirmation }>('GET', `${confirmUrl}?token=${encodeURIComponent(token)}`);
}

export function postConfirmation(token: string) {
  return requestJson<{ payload: { message: string; list_name: string; sender: string } }>('POST', confirmUrl, { token });
}
