import { describe, expect, it } from 'vitest';
import type { FlowDefinition, FlowStep } from '@postlark/shared/automations';
import { DEFAULT_FLOW_RULES } from '@postlark/shared/automations';
import { flowLayout, stepsInOrder } from './flow-layout';

const wait = (id: string, next: string | null): FlowStep => ({ id, type: 'wait', duration: { amount: 1, unit: 'hours' }, next });
const flow = (start: string | null, steps: FlowStep[]): FlowDefinition => ({ trigger: { type: 'event', event: 'cart_updated', filters: [] }, start, steps, rules: DEFAULT_FLOW_RULES, goal: null });

describe('flowLayout', () => {
  it('draws a straight flow as one column, each card with its add slot', () => {
    const lane = flowLayout(flow('a', [wait('a', 'b'), wait('b', null)]));
    expect(lane.nodes.map((node) => node.step.id)).toEqual(['a', 'b']);
    expect(lane.nodes.map((node) => node.slot)).toEqual([
      { after: 'a', port: 'next' },
      { after: 'b', port: 'next' },
    ]);
    expect(lane.joins).toBeNull();
  });

  it('opens a column per way out of a split and of a wait for an event, labelled', () => {
    const lane = flowLayout(
      flow('s', [
        { id: 's', type: 'split', condition: { match: 'all', rules: [{ type: 'segment', op: 'in', segment_id: '00000000-0000-0000-0000-000000000001' }] }, yes: 'w', no: null },
        { id: 'w', type: 'wait_event', event: 'order_placed', filters: [], timeout: { amount: 2, unit: 'days' }, next: null, timeout_next: 'x' },
        { id: 'x', type: 'exit' },
      ]),
    );
    const split = lane.nodes[0]!;
    expect(split.slot).toBeNull();
    expect(split.branches!.map((branch) => [branch.label, branch.slot, branch.lane.nodes.map((node) => node.step.id)])).toEqual([
      ['Yes', { after: 's', port: 'yes' }, ['w']],
      ['No', { after: 's', port: 'no' }, []],
    ]);
    const waitFor = split.branches![0]!.lane.nodes[0]!;
    expect(waitFor.branches!.map((branch) => [branch.label, branch.lane.nodes.map((node) => node.step.id)])).toEqual([
      ['order_placed happened', []],
      ['Timed out', ['x']],
    ]);
    // An exit ends its path: no add slot after it.
    expect(waitFor.branches![1]!.lane.nodes[0]!.slot).toBeNull();
  });

  it('draws a step two paths reach once, and the later path joins it', () => {
    const definition = flow('s', [
      { id: 's', type: 'split', condition: { match: 'any', rules: [{ type: 'segment', op: 'in', segment_id: '00000000-0000-0000-0000-000000000001' }] }, yes: 'a', no: 'b' },
      wait('a', 'b'),
      wait('b', null),
    ]);
    const [yes, no] = flowLayout(definition).nodes[0]!.branches!;
    expect(yes!.lane.nodes.map((node) => node.step.id)).toEqual(['a', 'b']);
    expect(no!.lane).toEqual({ nodes: [], joins: 'b' });
    expect(stepsInOrder(definition).map((step) => step.id)).toEqual(['s', 'a', 'b']);
  });

  it('draws nothing below the trigger for a blank flow, and stops at an unknown id', () => {
    expect(flowLayout(flow(null, []))).toEqual({ nodes: [], joins: null });
    expect(flowLayout(flow('a', [wait('a', 'missing')])).nodes.map((node) => node.step.id)).toEqual(['a']);
  });
});
