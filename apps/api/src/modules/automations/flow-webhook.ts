import type { FlowStep } from '@postlark/shared/automations';
import type { Db } from '../../db/client';
import { postWebhook } from '../outgoing-webhooks/post-webhook';
import { signWebhook } from '../outgoing-webhooks/signature';
import type { AddressCheck } from '../outgoing-webhooks/webhook-target';
import { getOrCreateSecret } from '../secrets/secrets.repository';
import type { FlowPerson } from './flow-people';

// A flow's webhook step: one signed POST per attempt through the outgoing-webhooks module's
// delivery (its address checks at every connection, no redirects, a bounded answer) and its
// signature (Standard Webhooks: webhook-id, webhook-timestamp, webhook-signature). The id is the
// step execution's, the same on every retry, so a receiver can drop a repeat.

type WebhookStep = Extract<FlowStep, { type: 'webhook' }>;

/**
 * The account's signing secret for flow webhooks (shown on the flow, GET .../flows/{id}), written as
 * Standard Webhooks libraries read one: `whsec_` and the key's bytes in base64.
 */
export async function flowWebhookSecret(db: Db, customerId: string): Promise<string> {
  const stored = await getOrCreateSecret(db, `flow-webhooks:${customerId}`);
  return `whsec_${Buffer.from(stored, 'base64url').toString('base64')}`;
}

export interface WebhookCall {
  flowId: string;
  runId: string;
  stepRunId: number;
  step: WebhookStep;
  person: FlowPerson;
  trigger: Record<string, unknown>;
}

export async function callWebhook(db: Db, call: WebhookCall, options: { now: Date; timeoutMs: number; allowed: AddressCheck }): Promise<{ ok: boolean; detail: string }> {
  const id = `flow_${call.stepRunId}`;
  const body = JSON.stringify({
    type: 'automation.step',
    flow_id: call.flowId,
    run_id: call.runId,
    step_id: call.step.id,
    subscriber: {
      id: call.person.id,
      email: call.person.email,
      first_name: call.person.firstName,
      last_name: call.person.lastName,
      status: call.person.status,
      attributes: call.person.attributes,
    },
    trigger: call.trigger,
    data: call.step.data,
  });
  const timestamp = Math.floor(options.now.getTime() / 1000);
  const secret = await flowWebhookSecret(db, call.person.customerId);
  const outcome = await postWebhook(
    call.step.url,
    { 'webhook-id': id, 'webhook-timestamp': String(timestamp), 'webhook-signature': signWebhook(secret, id, timestamp, body) },
    body,
    { timeoutMs: options.timeoutMs, allowed: options.allowed },
  );
  const ok = outcome.error === null && outcome.statusCode !== null && outcome.statusCode >= 200 && outcome.statusCode < 300;
  return { ok, detail: outcome.error ?? `HTTP ${outcome.statusCode ?? 'no answer'}` };
}
