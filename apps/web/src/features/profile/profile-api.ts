import type { ApiMessage } from '@postlark/shared/api-response';
import type { BasicInfo, ChangePassword, ContactInfo, EmailChange, MarketingPreferences } from '@postlark/shared/profile';
import type { ApiKey, ApiKeyCreate } from '@postlark/shared/api-keys';
import type { WebhookAttempt, WebhookEndpoint, WebhookEndpointCreate, WebhookEndpointUpdate } from '@postlark/shared/outgoing-webhooks';
import type { DataExportRequest, DataExportsPayload, DataExportSummary } from '@postlark/shared/data-export';
import { webEnv } from '../../config/env';
import { requestJson } from '../../lib/api-client';

/** The confirmation link's token and the new address it carries (emailChangeConfirmSchema). */
export interface EmailChangeConfirm {
  email: string;
  token: string;
}

const userUrl = (customerId: string) => `${webEnv.apiBase}home/v1/user/${encodeURIComponent(customerId)}`;

/** Overview, Basic information: first and last name. */
export function patchBasicInfo(customerId: string, body: BasicInfo) {
  return requestJson<ApiMessage>('PATCH', userUrl(customerId), body);
}

/** Overview, Change password: the current password is checked; every other session ends. */
export function putPassword(customerId: string, body: ChangePassword) {
  return requestJson<ApiMessage>('PUT', `${userUrl(customerId)}/password`, body);
}

/** Contact information: the profile's additional_info fields. */
export function putContactInfo(customerId: string, body: ContactInfo) {
  return requestJson<ApiMessage>('PUT', `${userUrl(customerId)}/contact`, body);
}

/** Communication preference: the seven marketing choices. */
export function getPreferences(customerId: string) {
  return requestJson<{ payload: MarketingPreferences }>('GET', `${userUrl(customerId)}/preferences`);
}

export function putPreferences(customerId: string, body: MarketingPreferences) {
  return requestJson<ApiMessage>('PUT', `${userUrl(customerId)}/preferences`, body);
}

/** Overview, Basic information: a new email address, applied once the link mailed to it is opened. */
export function postEmailChange(customerId: string, body: EmailChange) {
  return requestJson<ApiMessage>('POST', `${userUrl(customerId)}/email`, body);
}

/** The confirmation link's page: needs no session, the token is the proof. */
export function postEmailChangeConfirm(body: EmailChangeConfirm) {
  return requestJson<ApiMessage>('POST', `${webEnv.apiBase}authentication/v1/email-change/confirm`, body);
}

/** The "this wasn't me" link's page, from the notice to the old address: the same shape, its own token. */
export function postEmailChangeCancel(body: EmailChangeConfirm) {
  return requestJson<ApiMessage>('POST', `${webEnv.apiBase}authentication/v1/email-change/cancel`, body);
}

/** Manage my data: the customer's exports and when the next may start. */
export function getExports(customerId: string) {
  return requestJson<{ payload: DataExportsPayload }>('GET', `${userUrl(customerId)}/exports`);
}

/** Manage my data: starts an export; the server builds it in the background and emails a link. */
export function postExport(customerId: string, body: DataExportRequest) {
  return requestJson<{ payload: { message: string; export: DataExportSummary } }>('POST', `${userUrl(customerId)}/exports`, body);
}

const apiKeysUrl = `${webEnv.apiBase}home/v1/api-keys`;

/** Integrations, API keys: the customer's live keys (their prefixes, never the keys). */
export function getApiKeys() {
  return requestJson<{ payload: { api_keys: ApiKey[] } }>('GET', apiKeysUrl);
}

/** Makes a key; the answer is the only place the whole key ever appears. */
export function postApiKey(body: ApiKeyCreate) {
  return requestJson<{ payload: { message: string; key: string; api_key: ApiKey } }>('POST', apiKeysUrl, body);
}

export function deleteApiKey(id: string) {
  return requestJson<ApiMessage>('DELETE', `${apiKeysUrl}/${encodeURIComponent(id)}`);
}

const webhooksUrl = `${webEnv.apiBase}home/v1/webhooks`;
const webhookUrl = (id: string) => `${webhooksUrl}/${encodeURIComponent(id)}`;

/** Integrations, Webhooks: the customer's endpoints (never their secrets). */
export function getWebhookEndpoints() {
  return requestJson<{ payload: { endpoints: WebhookEndpoint[] } }>('GET', webhooksUrl);
}

/** Adds an endpoint; the answer is the only place its signing secret ever appears. */
export function postWebhookEndpoint(body: WebhookEndpointCreate) {
  return requestJson<{ payload: { message: string; endpoint: WebhookEndpoint; secret: string } }>('POST', webhooksUrl, body);
}

export function patchWebhookEndpoint(id: string, body: WebhookEndpointUpdate) {
  return requestJson<{ payload: { message: string; endpoint: WebhookEndpoint } }>('PATCH', webhookUrl(id), body);
}

export function deleteWebhookEndpoint(id: string) {
  return requestJson<ApiMessage>('DELETE', webhookUrl(id));
}

/** A new signing secret, shown once like the first. */
export function postWebhookSecret(id: string) {
  return requestJson<{ payload: { message: string; secret: string } }>('POST', `${webhookUrl(id)}/secret`);
}

export function postWebhookTest(id: string) {
  return requestJson<ApiMessage>('POST', `${webhookUrl(id)}/test`);
}

/** The endpoint's latest delivery attempts, newest first. */
export function getWebhookDeliveries(id: string) {
  return requestJson<{ payload: { attempts: WebhookAttempt[] } }>('GET', `${webhookUrl(id)}/deliveries`);
}
