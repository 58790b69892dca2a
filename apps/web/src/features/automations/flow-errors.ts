import type { FlowDefinition } from '@postlark/shared/automations';

// The server names a definition's problems by field path ("steps.2.subject", "trigger.list_id",
// "rules.reentry_days", "postal_address"). The builder shows each beside what it is about.

export interface FlowProblems {
  /** A step's problems by its own field ("subject", "duration.amount"). */
  steps: Record<string, Record<string, string>>;
  /** The trigger's, rules' and goal's, by their full path ("trigger.list_id"). */
  settings: Record<string, string>;
  /** The first message of each step and of the trigger, for their cards. */
  cards: Record<string, string>;
  /** What belongs to no step (the postal address, the start). */
  other: string[];
}

export function flowProblems(errors: Readonly<Record<string, string>>, definition: FlowDefinition): FlowProblems {
  const found: FlowProblems = { steps: {}, settings: {}, cards: {}, other: [] };
  for (const [path, message] of Object.entries(errors)) {
    const step = /^(?:definition\.)?steps\.(\d+)(?!\d)\.?(.*)$/.exec(path);
    const id = step ? definition.steps[Number(step[1])]?.id : undefined;
    if (id) {
      (found.steps[id] ??= {})[step![2] || 'step'] = message;
      found.cards[id] ??= message;
      continue;
    }
    const setting = /^(?:definition\.)?((trigger|rules|goal)\b.*)$/.exec(path);
    if (setting) {
      found.settings[setting[1]!] = message;
      if (setting[2] === 'trigger') found.cards.trigger ??= message;
      continue;
    }
    found.other.push(message);
  }
  return found;
}
