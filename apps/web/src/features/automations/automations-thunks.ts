import { createAsyncThunk } from '@reduxjs/toolkit';
import type { AudienceList, SubscriberSummary } from '@postlark/shared/audience';
import type { FlowDefinition } from '@postlark/shared/automations';
import type { FlowCreate, FlowTest, FlowUpdate } from '@postlark/shared/automations-requests';
import type { Flow, FlowRunView, FlowStats, FlowTestResult, FlowVersionSummary } from '@postlark/shared/automations-views';
import type { PersonEvent } from '@postlark/shared/events';
import type { SignupForm } from '@postlark/shared/forms';
import type { Segment } from '@postlark/shared/segments';
import { type ApiAnswer, type CallFailure, payloadMessage, settle } from '../../lib/api-client';
import {
  deleteFlow,
  type FlowTemplate,
  getFlow,
  getFlowRuns,
  getFlows,
  getFlowStats,
  getFlowVersion,
  getAudience,
  getFlowVersions,
  getPersonEvents,
  getTemplates,
  postFlow,
  postFlowAction,
  postFlowTest,
  postWebhookSecret,
  putFlow,
  searchPeople,
} from './automations-api';
import { AUTOMATION_TEXTS } from './automations-content';

// The Automations pages' calls. As with campaigns, results live in the page that asked: these
// thunks have no slice; the page awaits `.unwrap()` and keeps what it needs.

export type FlowFailure = Omit<CallFailure, 'ok'>;
type Rejects = { rejectValue: FlowFailure };

/** The server's message to show, and the flow as now stored. */
export interface FlowChange {
  message: string;
  flow: Flow;
}

const failure = ({ message, errors, status }: CallFailure): FlowFailure => ({ message, errors, status });

/** A thunk that reads one call's payload and picks what the page keeps. */
function reader<Arg, Payload, Value>(type: string, call: (arg: Arg) => Promise<ApiAnswer<{ payload: Payload }>>, pick: (payload: Payload) => Value | undefined, fallback: string) {
  return createAsyncThunk<Value, Arg, Rejects>(`automations/${type}`, async (arg, { rejectWithValue }) => {
    const result = await settle(() => call(arg), fallback);
    if (!result.ok) return rejectWithValue(failure(result));
    const payload = result.body?.payload;
    const value = payload ? pick(payload) : undefined;
    return value === undefined ? rejectWithValue({ message: fallback, errors: {}, status: 0 }) : value;
  });
}

/** A thunk for a change that answers the flow and a message. */
function changer<Arg>(type: string, call: (arg: Arg) => Promise<ApiAnswer<{ payload: { message: string; flow: Flow } }>>) {
  return reader<Arg, { message: string; flow: Flow }, FlowChange>(type, call, (payload) => (payload.flow ? { message: payload.message, flow: payload.flow } : undefined), AUTOMATION_TEXTS.actionFailed);
}

export const fetchFlows = reader<void, { flows: Flow[] }, Flow[]>('fetchFlows', getFlows, (payload) => payload.flows, AUTOMATION_TEXTS.flowsFailed);
export const fetchFlow = reader<string, { flow: Flow }, Flow>('fetchFlow', getFlow, (payload) => payload.flow, AUTOMATION_TEXTS.flowFailed);
export const fetchTemplates = reader<void, { templates: FlowTemplate[] }, FlowTemplate[]>('fetchTemplates', getTemplates, (payload) => payload.templates, AUTOMATION_TEXTS.flowsFailed);
export const fetchFlowStats = reader<string, { stats: FlowStats }, FlowStats>('fetchStats', getFlowStats, (payload) => payload.stats, AUTOMATION_TEXTS.statsFailed);
export const fetchFlowVersions = reader<string, { versions: FlowVersionSummary[] }, FlowVersionSummary[]>('fetchVersions', getFlowVersions, (payload) => payload.versions, AUTOMATION_TEXTS.actionFailed);
export const fetchFlowVersion = reader<{ id: string; version: number }, { version: { definition: FlowDefinition } }, FlowDefinition>(
  'fetchVersion',
  ({ id, version }) => getFlowVersion(id, version),
  (payload) => payload.version?.definition,
  AUTOMATION_TEXTS.actionFailed,
);
export const fetchFlowRuns = reader<string, { runs: FlowRunView[] }, FlowRunView[]>('fetchRuns', getFlowRuns, (payload) => payload.runs, AUTOMATION_TEXTS.actionFailed);
export const runFlowTest = reader<{ id: string; body: FlowTest }, { test: FlowTestResult }, FlowTestResult>('test', ({ id, body }) => postFlowTest(id, body), (payload) => payload.test, AUTOMATION_TEXTS.testFailed);
export const findPeople = reader<string, { subscribers: SubscriberSummary[] }, SubscriberSummary[]>('findPeople', searchPeople, (payload) => payload.subscribers, AUTOMATION_TEXTS.actionFailed);
export const fetchPersonEvents = reader<string, { events: PersonEvent[] }, PersonEvent[]>('personEvents', getPersonEvents, (payload) => payload.events, AUTOMATION_TEXTS.actionFailed);

export const makeWebhookSecret = reader<void, { message: string; secret: string }, { message: string; secret: string }>(
  'webhookSecret',
  postWebhookSecret,
  (payload) => (typeof payload.secret === 'string' ? payload : undefined),
  AUTOMATION_TEXTS.actionFailed,
);

export const createFlow = changer<FlowCreate>('create', postFlow);
export const saveFlow = changer<{ id: string; body: FlowUpdate }>('save', ({ id, body }) => putFlow(id, body));
export const activateFlow = changer<string>('activate', (id) => postFlowAction(id, 'activate'));
export const pauseFlow = changer<string>('pause', (id) => postFlowAction(id, 'pause'));

export const removeFlow = createAsyncThunk<string, string, Rejects>('automations/remove', async (id, { rejectWithValue }) => {
  const result = await settle(() => deleteFlow(id), AUTOMATION_TEXTS.actionFailed);
  return result.ok ? (payloadMessage(result.body) ?? '') : rejectWithValue(failure(result));
});

/** The lists, segments and forms a trigger, split or update step may name. */
export interface FlowChoices {
  lists: AudienceList[];
  segments: Segment[];
  forms: SignupForm[];
}

export const fetchFlowChoices = createAsyncThunk<FlowChoices, void, Rejects>('automations/choices', async (_none, { rejectWithValue }) => {
  const [lists, segments, forms] = await Promise.all([
    settle(() => getAudience<{ lists: AudienceList[] }>('lists'), AUTOMATION_TEXTS.actionFailed),
    settle(() => getAudience<{ segments: Segment[] }>('segments'), AUTOMATION_TEXTS.actionFailed),
    settle(() => getAudience<{ forms: SignupForm[] }>('forms'), AUTOMATION_TEXTS.actionFailed),
  ]);
  if (!lists.ok) return rejectWithValue(failure(lists));
  return { lists: lists.body?.payload.lists ?? [], segments: segments.ok ? (segments.body?.payload.segments ?? []) : [], forms: forms.ok ? (forms.body?.payload.forms ?? []) : [] };
});

/** Why a thunk failed, whatever it threw. */
export function asFlowFailure(reason: unknown, fallback: string): FlowFailure {
  const value = reason as Partial<FlowFailure> | null;
  return typeof value?.message === 'string' ? { message: value.message, errors: value.errors ?? {}, status: value.status ?? 0 } : { message: fallback, errors: {}, status: 0 };
}
