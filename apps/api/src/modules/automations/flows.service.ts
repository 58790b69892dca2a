import type { EmailStep, FlowDefinition } from '@postlark/shared/automations';
import { AUTOMATION_MESSAGES, SUNSET_SEGMENT_NAME } from '@postlark/shared/automations-messages';
import type { FlowCreate, FlowUpdate } from '@postlark/shared/automations-requests';
import type { Flow, FlowVersionSummary } from '@postlark/shared/automations-views';
import { CAMPAIGN_MESSAGES } from '@postlark/shared/campaigns';
import type { SegmentDefinition } from '@postlark/shared/segments';
import { SENDER_MESSAGES } from '@postlark/shared/senders';
import type { Db } from '../../db/client';
import type { SecretBox } from '../../lib/secret-box';
import { HttpError } from '../../http/errors';
import { isUuid } from '../../lib/uuid';
import { insertSegment, listSegments } from '../audience/segments.repository';
import { postalAddressLine } from '../campaigns/campaign-readiness';
import { postalAddressParts } from '../campaigns/campaigns.repository';
import { checkTemplate } from '../campaigns/merge-tags';
import { blocksProblem } from '../campaigns/block-personalisation';
import { targetProblem } from '../outgoing-webhooks/webhook-target';
import { ownedAddresses } from '../senders/senders.repository';
import { fromTreatment } from '../senders/from-treatment';
import type { SendingPolicy } from '../../mail/sending-policy';
import { addNote, addStep, endRun } from './engine.repository';
import { graphProblems, replacementFor, stepById } from './flow-graph';
import { CHOOSE, TEMPLATES } from './flow-templates';
import { rollFlowWebhookSecret } from './flow-webhook';
import {
  addVersion,
  countFlowsLocked,
  countScannedLocked,
  deleteFlowIn,
  findFlow,
  findVersion,
  type FlowRow,
  insertFlow,
  listFlows,
  listVersions,
  markMoved,
  ownedIds,
  renameFlow,
  setFlowStatus,
  stepsAtRemoved,
  syncStepCampaigns,
} from './flows.repository';

// Flows as the dashboard sees them: saved as versions, checked before they go live, and edited
// live without losing anyone.

export interface FlowDeps {
  db: Db;
  now: () => Date;
  /** WEBHOOKS_ALLOW_LOCAL: webhook steps may post to plain http and this machine (development only). */
  allowLocalWebhooks: boolean;
  /** Seals the flow webhooks' signing secret. */
  secrets: SecretBox;
  /** Which From domains sign: an email step's From is checked as a campaign's is. */
  sending: SendingPolicy;
  /** FLOWS_PER_ACCOUNT: every event batch looks at the account's flows, so there are at most this many. */
  flowsPerAccount: number;
  /** FLOW_SCANNED_PER_ACCOUNT: active flows started by a segment or a date (each looked at every minute). */
  scannedFlowsPerAccount: number;
}

const notFound = () => new HttpError(404, AUTOMATION_MESSAGES.notFound);

const SCANNED_TRIGGERS = new Set(['segment_entered', 'date']);

/** A flow about to be active with a segment or date trigger: refused past the account's cap (in `tx`, its row locked). */
async function checkScannedCap(deps: FlowDeps, tx: Db, customerId: string, flowId: string, definition: FlowDefinition): Promise<void> {
  if (!SCANNED_TRIGGERS.has(definition.trigger.type)) return;
  if ((await countScannedLocked(tx, customerId, flowId)) >= deps.scannedFlowsPerAccount) throw new HttpError(409, AUTOMATION_MESSAGES.tooManyScannedFlows(deps.scannedFlowsPerAccount));
}

export function flowOf(row: FlowRow): Flow {
  return {
    id: row.id,
    name: row.name,
    status: row.status,
    version: row.version,
    trigger: row.definition.trigger,
    definition: row.definition,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    activated_at: row.activatedAt?.toISOString() ?? null,
    active_runs: row.activeRuns,
    total_runs: row.totalRuns,
  };
}

const emailSteps = (definition: FlowDefinition) => definition.steps.filter((step): step is EmailStep => step.type === 'email');

/** Every list, segment and form the definition names, by the field path that names it. */
function references(definition: FlowDefinition) {
  const found: { kind: 'lists' | 'segments' | 'forms'; id: string; path: string }[] = [];
  const { trigger } = definition;
  if (trigger.type === 'list_joined') found.push({ kind: 'lists', id: trigger.list_id, path: 'trigger.list_id' });
  if (trigger.type === 'segment_entered') found.push({ kind: 'segments', id: trigger.segment_id, path: 'trigger.segment_id' });
  if (trigger.type === 'form_signup') found.push({ kind: 'forms', id: trigger.form_id, path: 'trigger.form_id' });
  definition.steps.forEach((step, position) => {
    if (step.type === 'update') {
      step.add_to_lists.forEach((id, index) => found.push({ kind: 'lists', id, path: `steps.${position}.add_to_lists.${index}` }));
      step.remove_from_lists.forEach((id, index) => found.push({ kind: 'lists', id, path: `steps.${position}.remove_from_lists.${index}` }));
    }
    if (step.type === 'split') {
      step.condition.rules.forEach((rule, index) => {
        if (rule.type === 'segment') found.push({ kind: 'segments', id: rule.segment_id, path: `steps.${position}.condition.rules.${index}.segment_id` });
        if (rule.type === 'profile' && rule.condition.field === 'list') found.push({ kind: 'lists', id: rule.condition.value, path: `steps.${position}.condition.rules.${index}.condition.value` });
      });
    }
  });
  return found;
}

const REFERENCE_MESSAGES = { lists: AUTOMATION_MESSAGES.listInvalid, segments: AUTOMATION_MESSAGES.segmentInvalid, forms: AUTOMATION_MESSAGES.formInvalid };

/**
 * A definition that may be saved: its steps form a graph that runs, and every list, segment and
 * form it names is the customer's. A draft may leave the nil id ("choose one") of a template.
 */
async function checkDefinition(deps: FlowDeps, customerId: string, definition: FlowDefinition, live: boolean): Promise<void> {
  const { db } = deps;
  const errors: Record<string, string> = graphProblems(definition);
  definition.steps.forEach((step, position) => {
    const problem = step.type === 'webhook' ? targetProblem(step.url, deps.allowLocalWebhooks) : null;
    if (problem) errors[`steps.${position}.url`] ??= problem;
  });
  const refs = references(definition).filter((ref) => live || ref.id !== CHOOSE);
  const owned = await ownedIds(db, customerId, {
    lists: refs.filter((ref) => ref.kind === 'lists' && isUuid(ref.id)).map((ref) => ref.id),
    segments: refs.filter((ref) => ref.kind === 'segments' && isUuid(ref.id)).map((ref) => ref.id),
    forms: refs.filter((ref) => ref.kind === 'forms' && isUuid(ref.id)).map((ref) => ref.id),
  });
  for (const ref of refs) if (!owned[ref.kind].has(ref.id)) errors[ref.path] ??= REFERENCE_MESSAGES[ref.kind];
  if (live) for (const [field, message] of Object.entries(await sendingProblems(deps, customerId, definition))) errors[field] ??= message;
  const first = Object.values(errors)[0];
  if (first) throw new HttpError(400, first, errors);
}

/** What the email steps need before the flow may go live (as a campaign needs before sending). */
async function sendingProblems(deps: Pick<FlowDeps, 'db' | 'sending'>, customerId: string, definition: FlowDefinition): Promise<Record<string, string>> {
  const errors: Record<string, string> = {};
  const steps = emailSteps(definition);
  const owned = await ownedAddresses(deps.db, customerId, steps.map((step) => step.from_email).filter(Boolean));
  definition.steps.forEach((step, position) => {
    if (step.type !== 'email') return;
    const at = (field: string) => `steps.${position}.${field}`;
    if (!step.subject.trim()) errors[at('subject')] = AUTOMATION_MESSAGES.subjectRequired;
    if (!step.from_name.trim() || !step.from_email) errors[at('from_email')] = AUTOMATION_MESSAGES.fromRequired;
    else if (fromTreatment(step.from_email, owned, deps.sending) === 'refused') errors[at('from_email')] = SENDER_MESSAGES.fromNotAuthenticated(step.from_email);
    if (!step.content_html.trim()) errors[at('content_html')] = AUTOMATION_MESSAGES.contentRequired;
    for (const [field, source] of Object.entries({ subject: step.subject, preheader: step.preheader, content_html: step.content_html, content_text: step.content_text ?? '' })) {
      const problems = checkTemplate(source);
      if (problems.length > 0) errors[at(field)] ??= problems[0]!.message;
    }
  });
  // Content blocks (issue 21): each readable, each segment or list a condition names the customer's own.
  for (const [position, step] of definition.steps.entries()) {
    if (step.type !== 'email') continue;
    const problem = await blocksProblem(deps.db, customerId, step.content_html);
    if (problem) errors[`steps.${position}.content_html`] ??= problem;
  }
  if (steps.length > 0 && !(await postalAddress(deps.db, customerId))) errors.postal_address = CAMPAIGN_MESSAGES.postalAddressRequired;
  return errors;
}

async function postalAddress(db: Db, customerId: string): Promise<string | null> {
  const parts = await postalAddressParts(db, customerId);
  return parts ? postalAddressLine(parts) : null;
}

async function owned(deps: FlowDeps, customerId: string, id: string): Promise<FlowRow> {
  const row = isUuid(id) ? await findFlow(deps.db, customerId, id) : undefined;
  if (!row) throw notFound();
  return row;
}

export async function allFlows(deps: FlowDeps, customerId: string): Promise<Flow[]> {
  return (await listFlows(deps.db, customerId)).map(flowOf);
}

export async function getFlow(deps: FlowDeps, customerId: string, id: string): Promise<Flow> {
  return flowOf(await owned(deps, customerId, id));
}

/** A new secret for the account's flow webhooks (Standard Webhooks), shown in this answer only. */
export async function newFlowWebhookSecret(deps: FlowDeps, customerId: string): Promise<string> {
  return rollFlowWebhookSecret(deps.db, deps.secrets, customerId);
}

/**
 * The sunset template's segment: the account's "Dormant (engagement score)" segment (active people
 * whose band is dormant), made the first time; one of that name the customer changed is theirs to keep.
 */
async function dormantSegmentId(deps: FlowDeps, customerId: string): Promise<string> {
  const existing = (await listSegments(deps.db, customerId)).find((segment) => segment.name.toLowerCase() === SUNSET_SEGMENT_NAME.toLowerCase());
  if (existing) return existing.id;
  const now = deps.now();
  const definition: SegmentDefinition = {
    match: 'all',
    conditions: [
      { field: 'status', op: 'is', value: 'active' },
      { field: 'engagement_score', bands: ['dormant'], score_at_least: null, score_below: null },
    ],
  };
  return (await insertSegment(deps.db, { customerId, name: SUNSET_SEGMENT_NAME, definition, createdAt: now, updatedAt: now })).id;
}

export async function createFlow(deps: FlowDeps, customerId: string, body: FlowCreate): Promise<Flow> {
  let definition = body.definition ?? (body.template ? TEMPLATES[body.template].definition : undefined);
  if (body.template === 'sunset' && definition) definition = { ...definition, trigger: { type: 'segment_entered', segment_id: await dormantSegmentId(deps, customerId) } };
  if (!definition) throw new HttpError(400, AUTOMATION_MESSAGES.triggerInvalid, { definition: AUTOMATION_MESSAGES.triggerInvalid });
  await checkDefinition(deps, customerId, definition, false);
  const now = deps.now();
  const id = await deps.db.transaction(async (tx) => {
    if ((await countFlowsLocked(tx, customerId)) >= deps.flowsPerAccount) throw new HttpError(409, AUTOMATION_MESSAGES.tooManyFlows(deps.flowsPerAccount));
    const flowId = await insertFlow(tx, customerId, body.name, definition, now);
    await syncStepCampaigns(tx, { id: flowId, customerId, name: body.name }, emailSteps(definition), null, now);
    return flowId;
  });
  return flowOf((await findFlow(deps.db, customerId, id))!);
}

/**
 * A changed definition is a new version. On a live flow it must be complete, and people inside
 * carry on with it: whoever waits at a step it removed moves to the step that followed it.
 */
export async function updateFlow(deps: FlowDeps, customerId: string, id: string, body: FlowUpdate): Promise<{ flow: Flow; live: boolean }> {
  const row = await owned(deps, customerId, id);
  const now = deps.now();
  const changed = body.definition !== undefined && JSON.stringify(body.definition) !== JSON.stringify(row.definition);
  const live = row.status !== 'draft';
  if (changed) await checkDefinition(deps, customerId, body.definition!, row.status === 'active');
  await deps.db.transaction(async (tx) => {
    const name = body.name ?? row.name;
    if (body.name !== undefined) await renameFlow(tx, row.id, body.name, now);
    if (!changed) return;
    const definition = body.definition!;
    if (row.status === 'active') await checkScannedCap(deps, tx, customerId, row.id, definition);
    if (!(await addVersion(tx, row.id, row.version, definition, now))) throw new HttpError(409, AUTOMATION_MESSAGES.saved);
    await syncStepCampaigns(tx, { id: row.id, customerId, name }, emailSteps(definition), live ? await postalAddress(tx, customerId) : null, now);
    const kept = definition.steps.map((step) => step.id);
    for (const waiting of await stepsAtRemoved(tx, row.id, kept)) {
      const target = replacementFor(row.definition, definition, waiting.stepId);
      const reason = target
        ? `The step "${waiting.stepId}" was removed in version ${row.version + 1}; moved on to "${target}".`
        : `The step "${waiting.stepId}" was removed in version ${row.version + 1}, and nothing followed it.`;
      if (!(await markMoved(tx, waiting.id, reason, now))) continue;
      await addNote(tx, waiting.runId, waiting.stepId, 'moved', reason, now);
      const next = stepById(definition, target);
      if (!next || !(await addStep(tx, waiting, next, now))) await endRun(tx, waiting.runId, 'completed', reason, now);
    }
  });
  return { flow: flowOf((await findFlow(deps.db, customerId, row.id))!), live: live && changed };
}

export async function activateFlow(deps: FlowDeps, customerId: string, id: string): Promise<Flow> {
  const row = await owned(deps, customerId, id);
  if (row.status === 'active') throw new HttpError(409, AUTOMATION_MESSAGES.alreadyActive);
  await checkDefinition(deps, customerId, row.definition, true);
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    await checkScannedCap(deps, tx, customerId, row.id, row.definition);
    await syncStepCampaigns(tx, { id: row.id, customerId, name: row.name }, emailSteps(row.definition), await postalAddress(tx, customerId), now);
    if (!(await setFlowStatus(tx, row.id, ['draft', 'paused'], 'active', now))) throw new HttpError(409, AUTOMATION_MESSAGES.alreadyActive);
  });
  return flowOf((await findFlow(deps.db, customerId, row.id))!);
}

export async function pauseFlow(deps: FlowDeps, customerId: string, id: string): Promise<Flow> {
  const row = await owned(deps, customerId, id);
  if (!(await setFlowStatus(deps.db, row.id, ['active'], 'paused', deps.now()))) throw new HttpError(409, AUTOMATION_MESSAGES.notActive);
  return flowOf((await findFlow(deps.db, customerId, row.id))!);
}

export async function removeFlow(deps: FlowDeps, customerId: string, id: string): Promise<void> {
  const row = await owned(deps, customerId, id);
  const gone = await deps.db.transaction((tx) => deleteFlowIn(tx, row.id, ['draft', 'paused']));
  if (!gone) throw new HttpError(409, AUTOMATION_MESSAGES.notDeletable);
}

export async function flowVersions(deps: FlowDeps, customerId: string, id: string): Promise<FlowVersionSummary[]> {
  const row = await owned(deps, customerId, id);
  return (await listVersions(deps.db, row.id)).map((version) => ({ version: version.version, created_at: version.createdAt.toISOString() }));
}

export async function flowVersion(deps: FlowDeps, customerId: string, id: string, version: string) {
  const row = await owned(deps, customerId, id);
  const number = /^\d{1,9}$/.test(version) ? Number(version) : NaN;
  const found = Number.isFinite(number) ? await findVersion(deps.db, row.id, number) : undefined;
  if (!found) throw new HttpError(404, AUTOMATION_MESSAGES.versionNotFound);
  return { version: number, created_at: found.createdAt.toISOString(), definition: found.definition };
}

export function templates() {
  return Object.entries(TEMPLATES).map(([id, template]) => ({ id, name: template.name, description: template.description, definition: template.definition }));
}
