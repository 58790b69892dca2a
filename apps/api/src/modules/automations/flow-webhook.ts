import type { FlowStep } from '@postlark/shared/automations';
import type { Db } from '../../db/client';
import { postWebhook } from '../outgoing-webhooks/post-webhook';
import { newSigningSecret, signWebhook } from '../outgoing-webhooks/signature';
import type { AddressCheck } from '../outgoing-webhooks/webhook-target';
import type { SecretBox } from '../../lib/secret-box';
import { putSecret, readSecret } from '../secrets/secrets.repository';
import type { FlowPerson } from './flow-people';

// A flow's webhook step: one signed POST per attempt through the outgoing-webhooks module's
// delivery (its address checks at every connection, no redirects, a bounded answer) and its
// signature (Standard Webhooks: webhook-id, webhook-timestamp, webhook-signature). The id is the
// step execution's, the same on every retry, so a receiver can drop a repeat.

type WebhookStep = Extract<FlowStep, { type: 'webhook' }>;

// The account's signing secret for flow webhooks, `whsec_…` as Standard Webhooks libraries read
// one. Kept sealed (lib/secret-box.ts), bound to its name; shown only when it is made anew
// (POST /api/automations/v1/webhook-secret), never on a flow.
const secretName = (customerId: string) => `flow-webhooks:sealed:${customerId}`;

/** The secret the account's flow webhooks sign with, made (and sealed) on first use. */
export async function flowWebhookSecret(db: Db, secrets: SecretBox, customerId: string): Promise<string> {
  const name = secretName(customerId);
  const stored = await readSecret(db, name);
  if (stored) return secrets.open(stored, name);
  // Two first uses at once agree: the one whose insert loses reads the winner's.
  await putSecret(db, name, await secrets.seal(newSigningSecret(), name), { replace: false });
  return secrets.open((await readSecret(db, name))!, name);
}

/** A new signing secret for the account's flow webhooks, in force at once; this answer alone carries it. */
export async function rollFlowWebhookSecret(db: Db, secrets: SecretBox, customerId: string): Promise<string> {
  const name = secretName(customerId);
  const secret = newSigningSecret();
  await putSecret(db, name, await secrets.seal(secret, name), { replace: true });
  return secret;
}

export interface WebhookCall {
  flowId: string;
  runId: string;
  stepRunId: number;
  step: WebhookStep;
  person: FlowPerson;
  trigger: Record<string, unknown>;
}

export async function callWebhook(
  db: Db,
  call: WebhookCall,
  options: { now: Date; timeoutMs: number; allowed: AddressCheck; secrets: SecretBox },
): Promise<{ ok: boolean; detail: string; answered: boolean }> {
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
  const secret = await flowWebhookSecret(db, options.secrets, call.person.customerId);
  const outcome = await postWebhook(
    call.step.url,
    { 'webhook-id': id, 'webhook-timestamp': String(timestamp), 'webhook-signature': signWebhook(secret, id, timestamp, body) },
    body,
    { timeoutMs: options.timeoutMs, allowed: options.allowed },
  );
  const ok = outcome.error === null && outcome.statusCode !== null && outcome.statusCode >= 200 && outcome.statusCode < 300;
  // `answered`: the endpoint gave an HTTP status, whatever it was (the host breaker counts the others).
  return { ok, detail: outcome.error ?? `HTTP ${outcome.statusCode ?? 'no answer'}`, answered: outcome.statusCode !== null };
}
