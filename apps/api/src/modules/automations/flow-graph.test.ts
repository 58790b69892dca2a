import { describe, expect, it } from 'vitest';
import { DEFAULT_FLOW_RULES, type FlowDefinition, type FlowStep } from '@postlark/shared/automations';
import { graphProblems, nextStepId, replacementFor } from './flow-graph';
import { failingFilter, matchesFilters } from './property-filter';

const wait = (id: string, next: string | null): FlowStep => ({ id, type: 'wait', duration: { amount: 1, unit: 'days' }, next });
const flow = (start: string | null, steps: FlowStep[]): FlowDefinition => ({ trigger: { type: 'event', event: 'x', filters: [] }, start, steps, rules: DEFAULT_FLOW_RULES, goal: null });

describe('flow graphs', () => {
  it('follows branches and finds where people at a removed step go', () => {
    const split: FlowStep = { id: 's', type: 'split', condition: { match: 'all', rules: [{ type: 'segment', op: 'in', segment_id: '00000000-0000-4000-8000-000000000000' }] }, yes: 'y', no: 'n' };
    expect(nextStepId(split, 'yes')).toBe('y');
    expect(nextStepId(split, 'no')).toBe('n');
    const old = flow('a', [wait('a', 'b'), wait('b', 'c'), wait('c', null)]);
    expect(replacementFor(old, flow('c', [wait('c', null)]), 'a')).toBe('c');
    expect(replacementFor(old, flow('a', [wait('a', null)]), 'b')).toBeNull();
  });

  it('names each problem by field: unknown steps, loops, twice the same id, unreachable steps', () => {
    expect(graphProblems(flow('a', [wait('a', 'b'), wait('b', null)]))).toEqual({});
    expect(graphProblems(flow('z', []))).toEqual({ start: 'No step has the id "z".' });
    expect(Object.keys(graphProblems(flow('a', [wait('a', 'b'), wait('b', 'a')])))).toEqual(['steps.0.id']);
    expect(Object.keys(graphProblems(flow('a', [wait('a', null), wait('b', null)])))).toEqual(['steps.1.id']);
  });

  it('matches event properties against filters, reading own properties only', () => {
    const properties = { total: 42, items: [{ product_id: 'sku-1' }], country: 'FR' };
    expect(matchesFilters(properties, [{ path: 'total', op: 'gt', value: 40 }, { path: 'country', op: 'equals', value: 'fr' }])).toBe(true);
    expect(matchesFilters(properties, [{ path: 'items.0.product_id', op: 'equals', value: 'sku-1' }])).toBe(true);
    expect(matchesFilters(properties, [{ path: 'total', op: 'lt', value: 'many' }])).toBe(false);
    expect(matchesFilters(properties, [{ path: 'constructor', op: 'exists', value: '' }])).toBe(false);
    expect(matchesFilters(null, [{ path: 'coupon', op: 'not_exists', value: '' }])).toBe(true);
    expect(failingFilter(properties, [{ path: 'total', op: 'gt', value: 50 }])).toBe('its property total does not pass "gt 50"');
  });
});
