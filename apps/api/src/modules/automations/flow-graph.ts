import type { FlowDefinition, FlowStep } from '@postlark/shared/automations';
import { AUTOMATION_MESSAGES } from '@postlark/shared/automations-messages';

// A flow's steps as a graph: what follows each step on each branch, the checks that a saved
// definition can run (every id known, reachable, no loop), and where people at a removed step go.

/** The branches a step can leave by, and the step each leads to (null: the run ends). */
export function branchesOf(step: FlowStep): Record<string, string | null> {
  switch (step.type) {
    case 'split':
      return { yes: step.yes, no: step.no };
    case 'wait_event':
      return { event: step.next, timeout: step.timeout_next };
    case 'exit':
      return {};
    default:
      return { next: step.next };
  }
}

/** The step a branch leads to; an unknown outcome takes the first branch. */
export function nextStepId(step: FlowStep, outcome: string): string | null {
  const branches = branchesOf(step);
  if (outcome in branches) return branches[outcome] ?? null;
  return Object.values(branches)[0] ?? null;
}

export function stepById(definition: FlowDefinition, id: string | null): FlowStep | undefined {
  return id === null ? undefined : definition.steps.find((step) => step.id === id);
}

/** Problems by field path (as the builder shows them); empty when the graph can run. */
export function graphProblems(definition: FlowDefinition): Record<string, string> {
  const errors: Record<string, string> = {};
  const index = new Map<string, number>();
  definition.steps.forEach((step, position) => {
    if (index.has(step.id)) errors[`steps.${position}.id`] ??= AUTOMATION_MESSAGES.stepIdTwice(step.id);
    else index.set(step.id, position);
  });
  if (definition.start !== null && !index.has(definition.start)) errors.start = AUTOMATION_MESSAGES.stepMissing(definition.start);
  definition.steps.forEach((step, position) => {
    for (const [branch, target] of Object.entries(branchesOf(step))) {
      if (target !== null && !index.has(target)) errors[`steps.${position}.${branchField(step, branch)}`] ??= AUTOMATION_MESSAGES.stepMissing(target);
    }
  });
  if (Object.keys(errors).length > 0) return errors;
  // Depth-first from the start: a step met again on the current path is a loop.
  const state = new Map<string, 'open' | 'done'>();
  const visit = (id: string): string | null => {
    if (state.get(id) === 'done') return null;
    if (state.get(id) === 'open') return id;
    state.set(id, 'open');
    for (const target of Object.values(branchesOf(definition.steps[index.get(id)!]!))) {
      const loop = target === null ? null : visit(target);
      if (loop) return loop;
    }
    state.set(id, 'done');
    return null;
  };
  const loop = definition.start === null ? null : visit(definition.start);
  if (loop) {
    errors[`steps.${index.get(loop)}.id`] = AUTOMATION_MESSAGES.stepLoop(loop);
    return errors;
  }
  definition.steps.forEach((step, position) => {
    if (!state.has(step.id)) errors[`steps.${position}.id`] ??= AUTOMATION_MESSAGES.stepUnreachable(step.id);
  });
  return errors;
}

function branchField(step: FlowStep, branch: string): string {
  if (step.type === 'wait_event') return branch === 'timeout' ? 'timeout_next' : 'next';
  return branch;
}

/**
 * Where a person waiting at a step the new version removed goes: the step that followed it in the
 * old version (its first branch: `next`, a split's `yes`, a wait's event path), or the one after
 * that if it went too, and so on; null when nothing of that path is left (the run completes).
 */
export function replacementFor(oldDefinition: FlowDefinition, newDefinition: FlowDefinition, removedId: string): string | null {
  const kept = new Set(newDefinition.steps.map((step) => step.id));
  const seen = new Set<string>();
  let current = stepById(oldDefinition, removedId);
  while (current && !seen.has(current.id)) {
    seen.add(current.id);
    const following = Object.values(branchesOf(current))[0] ?? null;
    if (following === null) return null;
    if (kept.has(following)) return following;
    current = stepById(oldDefinition, following);
  }
  return null;
}
