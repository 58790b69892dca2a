import type { FlowDefinition, FlowStep, StepType } from '@postlark/shared/automations';
import { type Port, portsOf, type Slot } from './flow-layout';

// Changes the builder makes to a flow's graph, as pure functions of the definition: put a step on
// a slot, replace one, remove one (its paths rejoin, or its other branch goes with it).

/** The step a slot leads to now. */
export function slotTarget(definition: FlowDefinition, slot: Slot): string | null {
  if (slot.after === null) return definition.start;
  const step = definition.steps.find((candidate) => candidate.id === slot.after);
  return step ? (portsOf(step).find((way) => way.port === slot.port)?.target ?? null) : null;
}

function pointed(step: FlowStep, port: Port, target: string | null): FlowStep {
  if (step.type === 'exit') return step;
  if (step.type === 'split') return port === 'no' ? { ...step, no: target } : { ...step, yes: target };
  if (step.type === 'wait_event') return port === 'timeout_next' ? { ...step, timeout_next: target } : { ...step, next: target };
  return { ...step, next: target };
}

function retarget(definition: FlowDefinition, from: string, to: string | null): FlowDefinition {
  return {
    ...definition,
    start: definition.start === from ? to : definition.start,
    steps: definition.steps.map((step) => portsOf(step).reduce((current, way) => (way.target === from ? pointed(current, way.port, to) : current), step)),
  };
}

/** An id no step has: the type and the smallest free number ("email-2"). */
export function freeStepId(definition: FlowDefinition, type: StepType): string {
  const taken = new Set(definition.steps.map((step) => step.id));
  const base = type.replace('_', '-');
  for (let number = 1; ; number += 1) if (!taken.has(`${base}-${number}`)) return `${base}-${number}`;
}

/**
 * The sender a new email step starts with: the one the flow's emails already use, else the best
 * address the account may send from (its only confirmed sender when it has one). A starter flow's
 * emails name no sender, so they do not count.
 */
export function defaultFrom(definition: FlowDefinition, addresses: readonly string[]): { name: string; email: string } {
  const chosen = definition.steps.find((step) => step.type === 'email' && step.from_email !== '');
  if (chosen?.type === 'email') return { name: chosen.from_name, email: chosen.from_email };
  const named = definition.steps.find((step) => step.type === 'email' && step.from_name.trim() !== '');
  return { name: named?.type === 'email' ? named.from_name : '', email: addresses[0] ?? '' };
}

/** A step of the type with sensible first values; `from` pre-fills an email's sender. */
export function newStep(definition: FlowDefinition, type: StepType, from: { name: string; email: string }): FlowStep {
  const id = freeStepId(definition, type);
  switch (type) {
    case 'email':
      return {
        id,
        type,
        name: '',
        subject: '',
        preheader: '',
        from_name: from.name,
        from_email: from.email,
        reply_to: '',
        content_html: '',
        content_text: null,
        tracking: true,
        next: null,
      };
    case 'wait':
      return { id, type, duration: { amount: 1, unit: 'days' }, next: null };
    case 'wait_best_time':
      return { id, type, next: null };
    case 'wait_event':
      return { id, type, event: 'order_placed', filters: [], timeout: { amount: 3, unit: 'days' }, next: null, timeout_next: null };
    case 'split':
      return { id, type, condition: { match: 'all', rules: [{ type: 'event', op: 'did', event: 'order_placed', filters: [], at_least: 1, days: 30 }] }, yes: null, no: null };
    case 'update':
      return { id, type, attributes: {}, add_to_lists: [], remove_from_lists: [], unsubscribe: null, next: null };
    case 'webhook':
      return { id, type, url: '', data: {}, next: null };
    case 'exit':
      return { id, type };
  }
}

/** An exit ends its path: it may only go where nothing follows yet. */
export function canAddExit(definition: FlowDefinition, slot: Slot): boolean {
  return slotTarget(definition, slot) === null;
}

/** The definition with `step` on the slot: what followed the slot now follows the new step (on its first way out). */
export function insertStep(definition: FlowDefinition, slot: Slot, step: FlowStep): FlowDefinition {
  const target = slotTarget(definition, slot);
  const placed = step.type === 'exit' ? step : pointed(step, portsOf(step)[0]!.port, target);
  const steps = [...definition.steps, placed];
  if (slot.after === null) return { ...definition, start: placed.id, steps };
  return { ...definition, steps: steps.map((current) => (current.id === slot.after ? pointed(current, slot.port, placed.id) : current)) };
}

export function replaceStep(definition: FlowDefinition, step: FlowStep): FlowDefinition {
  return { ...definition, steps: definition.steps.map((current) => (current.id === step.id ? step : current)) };
}

function reachable(definition: FlowDefinition): Set<string> {
  const byId = new Map(definition.steps.map((step) => [step.id, step]));
  const seen = new Set<string>();
  const stack = definition.start === null ? [] : [definition.start];
  while (stack.length > 0) {
    const id = stack.pop()!;
    const step = byId.get(id);
    if (seen.has(id) || !step) continue;
    seen.add(id);
    for (const way of portsOf(step)) if (way.target !== null) stack.push(way.target);
  }
  return seen;
}

/**
 * Without the step: whatever led to it leads to what followed it (a branching step's first way
 * out). Steps only its other ways out reached go with it; `dropped` names them for the warning.
 */
export function removeStep(definition: FlowDefinition, id: string): { definition: FlowDefinition; dropped: string[] } {
  const step = definition.steps.find((candidate) => candidate.id === id);
  if (!step) return { definition, dropped: [] };
  const follower = portsOf(step)[0]?.target ?? null;
  const rewired = retarget({ ...definition, steps: definition.steps.filter((candidate) => candidate.id !== id) }, id, follower);
  const kept = reachable(rewired);
  const dropped = rewired.steps.filter((candidate) => !kept.has(candidate.id)).map((candidate) => candidate.id);
  return { definition: { ...rewired, steps: rewired.steps.filter((candidate) => kept.has(candidate.id)) }, dropped };
}
