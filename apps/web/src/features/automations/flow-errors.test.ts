import { describe, expect, it } from 'vitest';
import { DEFAULT_FLOW_RULES, type FlowDefinition } from '@postlark/shared/automations';
import { flowProblems } from './flow-errors';

const definition: FlowDefinition = {
  trigger: { type: 'list_joined', list_id: '00000000-0000-0000-0000-000000000000' },
  start: 'a',
  steps: [
    { id: 'a', type: 'wait', duration: { amount: 1, unit: 'hours' }, next: 'b' },
    { id: 'b', type: 'webhook', url: 'http://x', data: {}, next: null },
  ],
  rules: DEFAULT_FLOW_RULES,
  goal: null,
};

describe('flowProblems', () => {
  it('puts each server message beside its step, the trigger or the page', () => {
    const problems = flowProblems(
      {
        'steps.1.url': 'Enter an https:// address on the public internet.',
        'definition.steps.0.duration.amount': 'A duration is...',
        'trigger.list_id': 'One of the chosen lists is not one of yours.',
        'rules.reentry_days': 'Say after how many days a person may enter again.',
        postal_address: 'Add your postal address.',
      },
      definition,
    );
    expect(problems.steps).toEqual({ b: { url: 'Enter an https:// address on the public internet.' }, a: { 'duration.amount': 'A duration is...' } });
    expect(problems.cards).toEqual({ b: 'Enter an https:// address on the public internet.', a: 'A duration is...', trigger: 'One of the chosen lists is not one of yours.' });
    expect(problems.settings).toEqual({ 'trigger.list_id': 'One of the chosen lists is not one of yours.', 'rules.reentry_days': 'Say after how many days a person may enter again.' });
    expect(problems.other).toEqual(['Add your postal address.']);
  });
});
