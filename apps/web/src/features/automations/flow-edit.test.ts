import { describe, expect, it } from 'vitest';
import { DEFAULT_FLOW_RULES, type FlowDefinition, type FlowStep } from '@postlark/shared/automations';
import { canAddExit, defaultFrom, freeStepId, insertStep, newStep, removeStep } from './flow-edit';

const wait = (id: string, next: string | null): FlowStep => ({ id, type: 'wait', duration: { amount: 1, unit: 'hours' }, next });
const flow = (start: string | null, steps: FlowStep[]): FlowDefinition => ({ trigger: { type: 'event', event: 'cart_updated', filters: [] }, start, steps, rules: DEFAULT_FLOW_RULES, goal: null });
const FROM = { name: 'Lark', email: 'news@lark.example' };
const links = (definition: FlowDefinition) => [definition.start, ...definition.steps.map((step) => `${step.id}>${'next' in step ? step.next : ''}`)];

describe('flow edits', () => {
  it('gives a new email step the sender the flow uses, else the only one the account has', () => {
    const starter = newStep(flow(null, []), 'email', { name: '', email: '' });
    expect(defaultFrom(flow('email-1', [starter]), ['only@lark.example'])).toEqual({ name: '', email: 'only@lark.example' });
    expect(defaultFrom(flow('email-1', [starter]), [])).toEqual({ name: '', email: '' });
    const chosen = { ...starter, id: 'email-2', from_name: 'Lark', from_email: 'news@lark.example' };
    expect(defaultFrom(flow('email-1', [starter, chosen]), ['only@lark.example'])).toEqual(FROM);
  });

  it('puts a step first, or between two, keeping what followed', () => {
    const base = flow('a', [wait('a', 'b'), wait('b', null)]);
    const first = insertStep(base, { after: null, port: 'next' }, newStep(base, 'wait', FROM));
    expect(links(first)).toEqual(['wait-1', 'a>b', 'b>null', 'wait-1>a']);
    const between = insertStep(base, { after: 'a', port: 'next' }, newStep(base, 'email', FROM));
    expect(links(between)).toEqual(['a', 'a>email-1', 'b>null', 'email-1>b']);
    expect(between.steps.at(-1)).toMatchObject({ type: 'email', from_name: 'Lark', from_email: 'news@lark.example', subject: '' });
  });

  it('puts a step on a branch: the split keeps the old path on yes', () => {
    const base = flow('a', [wait('a', 'b'), wait('b', null)]);
    const split = insertStep(base, { after: 'a', port: 'next' }, newStep(base, 'split', FROM));
    expect(split.steps.find((step) => step.id === 'split-1')).toMatchObject({ yes: 'b', no: null });
    const onNo = insertStep(split, { after: 'split-1', port: 'no' }, newStep(split, 'webhook', FROM));
    expect(onNo.steps.find((step) => step.id === 'split-1')).toMatchObject({ yes: 'b', no: 'webhook-1' });
  });

  it('allows an exit only where a path ends, and numbers ids past the taken ones', () => {
    const base = flow('a', [wait('a', 'b'), wait('b', null), wait('wait-1', null)]);
    expect(canAddExit(base, { after: 'a', port: 'next' })).toBe(false);
    expect(canAddExit(base, { after: 'b', port: 'next' })).toBe(true);
    expect(freeStepId(base, 'wait')).toBe('wait-2');
    expect(freeStepId(base, 'wait_event')).toBe('wait-event-1');
  });

  it('removes a step: what led to it leads on; a branch only it reached goes with it', () => {
    const base = flow('a', [wait('a', 'b'), wait('b', null)]);
    expect(links(removeStep(base, 'a').definition)).toEqual(['b', 'b>null']);
    expect(links(removeStep(base, 'b').definition)).toEqual(['a', 'a>null']);
    const branched = flow('s', [
      { id: 's', type: 'split', condition: { match: 'all', rules: [{ type: 'segment', op: 'in', segment_id: '00000000-0000-0000-0000-000000000001' }] }, yes: 'a', no: 'c' },
      wait('a', null),
      wait('c', 'd'),
      wait('d', null),
    ]);
    const { definition, dropped } = removeStep(branched, 's');
    expect(dropped).toEqual(['c', 'd']);
    expect(links(definition)).toEqual(['a', 'a>null']);
  });
});
