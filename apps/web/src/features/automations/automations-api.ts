import type { ApiMessage } from '@postlark/shared/api-response';
import type { FlowDefinition } from '@postlark/shared/automations';
import type { FlowCreate, FlowTemplateId, FlowTest, FlowUpdate } from '@postlark/shared/automations-requests';
import type { Flow, FlowRunView, FlowStats, FlowTestResult, FlowVersionSummary } from '@postlark/shared/automations-views';
import type { SubscribersPage } from '@postlark/shared/audience';
import type { PersonEventsPage } from '@postlark/shared/events';
import { webEnv } from '../../config/env';
import { requestJson } from '../../lib/api-client';

// The flow builder's calls: /api/automations/v1 (flows.routes.ts), and the audience's endpoints
// "Test with a person" searches people and their events with.

const base = (path: string) => `${webEnv.apiBase}automations/v1/${path}`;
const flowUrl = (id: string, action = '') => base(`flows/${encodeURIComponent(id)}${action ? `/${action}` : ''}`);

export interface FlowTemplate {
  id: FlowTemplateId;
  name: string;
  description: string;
  definition: FlowDefinition;
}

export type SavedFlow = { payload: { message: string; flow: Flow } };

export function getTemplates() {
  return requestJson<{ payload: { templates: FlowTemplate[] } }>('GET', base('templates'));
}

export function getFlows() {
  return requestJson<{ payload: { flows: Flow[] } }>('GET', base('flows'));
}

export function getFlow(id: string) {
  return requestJson<{ payload: { flow: Flow } }>('GET', flowUrl(id));
}

export function postFlow(body: FlowCreate) {
  return requestJson<SavedFlow>('POST', base('flows'), body);
}

export function putFlow(id: string, body: FlowUpdate) {
  return requestJson<SavedFlow>('PUT', flowUrl(id), body);
}

export function deleteFlow(id: string) {
  return requestJson<ApiMessage>('DELETE', flowUrl(id));
}

export function postFlowAction(id: string, action: 'activate' | 'pause') {
  return requestJson<SavedFlow>('POST', flowUrl(id, action));
}

/** A new signing secret for every flow's webhook steps, shown in this answer only. */
export function postWebhookSecret() {
  return requestJson<{ payload: { message: string; secret: string } }>('POST', base('webhook-secret'));
}

export function getFlowStats(id: string) {
  return requestJson<{ payload: { stats: FlowStats } }>('GET', flowUrl(id, 'stats'));
}

export function getFlowVersions(id: string) {
  return requestJson<{ payload: { versions: FlowVersionSummary[] } }>('GET', flowUrl(id, 'versions'));
}

export function getFlowVersion(id: string, version: number) {
  return requestJson<{ payload: { version: { version: number; created_at: string; definition: FlowDefinition } } }>('GET', flowUrl(id, `versions/${version}`));
}

export function getFlowRuns(id: string) {
  return requestJson<{ payload: { runs: FlowRunView[] } }>('GET', flowUrl(id, 'runs'));
}

export function postFlowTest(id: string, body: FlowTest) {
  return requestJson<{ payload: { test: FlowTestResult } }>('POST', flowUrl(id, 'test'), body);
}

export function searchPeople(text: string) {
  const query = new URLSearchParams({ q: text, limit: '8' });
  return requestJson<{ payload: SubscribersPage }>('GET', `${webEnv.apiBase}audience/v1/subscribers?${query.toString()}`);
}

export function getPersonEvents(subscriberId: string) {
  return requestJson<{ payload: PersonEventsPage }>('GET', `${webEnv.apiBase}audience/v1/subscribers/${encodeURIComponent(subscriberId)}/events`);
}

/** The lists, segments or forms a trigger or step may name. */
export function getAudience<T>(path: 'lists' | 'segments' | 'forms') {
  return requestJson<{ payload: T }>('GET', `${webEnv.apiBase}audience/v1/${path}`);
}
