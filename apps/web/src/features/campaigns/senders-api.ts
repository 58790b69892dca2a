import type { ApiMessage } from '@postlark/shared/api-response';
import type { SenderDomain, SenderIdentity, SenderOverview } from '@postlark/shared/senders';
import { webEnv } from '../../config/env';
import { requestJson } from '../../lib/api-client';

// Sender identities and sending domains (issues 18, 30): the Senders page and the editor's From field.

const sendersUrl = (path = '') => `${webEnv.apiBase}campaigns/v1/senders${path}`;
const domainsUrl = (path = '') => `${webEnv.apiBase}campaigns/v1/sender-domains${path}`;
const one = (id: string, action = '') => `/${encodeURIComponent(id)}${action ? `/${action}` : ''}`;

export function getSenders() {
  return requestJson<{ payload: SenderOverview }>('GET', sendersUrl());
}

/** Each change the Senders page makes: the server's message is what the page shows. */
export type SenderChange =
  | { kind: 'add-sender'; email: string }
  | { kind: 'resend'; id: string }
  | { kind: 'remove-sender'; id: string }
  | { kind: 'add-domain'; domain: string }
  | { kind: 'remove-domain'; id: string };

type ChangeAnswer = { payload: { message: string; sender?: SenderIdentity; domain?: SenderDomain } };

export function postSenderChange(change: SenderChange) {
  switch (change.kind) {
    case 'add-sender':
      return requestJson<ChangeAnswer>('POST', sendersUrl(), { email: change.email });
    case 'resend':
      return requestJson<ChangeAnswer>('POST', sendersUrl(one(change.id, 'resend')));
    case 'remove-sender':
      return requestJson<ApiMessage>('DELETE', sendersUrl(one(change.id)));
    case 'add-domain':
      return requestJson<ChangeAnswer>('POST', domainsUrl(), { domain: change.domain });
    case 'remove-domain':
      return requestJson<ApiMessage>('DELETE', domainsUrl(one(change.id)));
  }
}

/** "Check now": the domain's records looked up again; the message says what their states mean. */
export function postDomainCheck(id: string) {
  return requestJson<{ payload: DomainCheck }>('POST', domainsUrl(one(id, 'check')));
}

export interface DomainCheck {
  domain: SenderDomain;
  message: string;
}

/** The confirmation link's page: needs no session, the token is the proof. */
export function postSenderConfirmation(token: string) {
  return requestJson<{ payload: { message: string; email: string } }>('POST', sendersUrl('/confirm'), { token });
}
