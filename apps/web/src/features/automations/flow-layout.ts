import type { FlowDefinition, FlowStep } from '@postlark/shared/automations';

// The builder's canvas from a flow's graph: the trigger on top, then each path as a column of
// cards. A split or a wait for an event opens columns side by side, one per way out. A step that
// two paths lead to is drawn once, where it is first met; the later path shows a "goes to" card.

/** The ways out of a step that a new step can be put on. */
export type Port = 'next' | 'yes' | 'no' | 'timeout_next';

/** Where a new step goes: after a step on one of its ways out, or (after: null) first of all. */
export interface Slot {
  after: string | null;
  port: Port;
}

export interface LayoutBranch {
  port: Port;
  label: string;
  slot: Slot;
  lane: Lane;
}

export interface LayoutNode {
  step: FlowStep;
  /** Where an add button after this card puts its step; null for an exit or a branching step. */
  slot: Slot | null;
  branches: LayoutBranch[] | null;
}

export interface Lane {
  nodes: LayoutNode[];
  /** The path joins a step already drawn elsewhere. */
  joins: string | null;
}

export const START_SLOT: Slot = { after: null, port: 'next' };

/** The ways out of each kind of step, with their labels on the canvas. */
export function portsOf(step: FlowStep): { port: Port; label: string; target: string | null }[] {
  switch (step.type) {
    case 'split':
      return [
        { port: 'yes', label: 'Yes', target: step.yes },
        { port: 'no', label: 'No', target: step.no },
      ];
    case 'wait_event':
      return [
        { port: 'next', label: `${step.event} happened`, target: step.next },
        { port: 'timeout_next', label: 'Timed out', target: step.timeout_next },
      ];
    case 'exit':
      return [];
    default:
      return [{ port: 'next', label: '', target: step.next }];
  }
}

export function isBranching(step: FlowStep): boolean {
  return step.type === 'split' || step.type === 'wait_event';
}

export function flowLayout(definition: FlowDefinition): Lane {
  const byId = new Map(definition.steps.map((step) => [step.id, step]));
  const drawn = new Set<string>();

  const lane = (first: string | null): Lane => {
    const nodes: LayoutNode[] = [];
    let id = first;
    while (id !== null) {
      const step = byId.get(id);
      // An unknown id (a broken draft) ends the path; the server names the problem on save.
      if (!step) break;
      if (drawn.has(id)) return { nodes, joins: id };
      drawn.add(id);
      if (isBranching(step)) {
        const branches = portsOf(step).map(({ port, label, target }) => ({ port, label, slot: { after: step.id, port }, lane: lane(target) }));
        nodes.push({ step, slot: null, branches });
        return { nodes, joins: null };
      }
      nodes.push({ step, slot: step.type === 'exit' ? null : { after: step.id, port: 'next' }, branches: null });
      id = step.type === 'exit' ? null : portsOf(step)[0]!.target;
    }
    return { nodes, joins: null };
  };

  return lane(definition.start);
}

/** Steps in the order the canvas draws them (depth first), for lists and the stats table. */
export function stepsInOrder(definition: FlowDefinition): FlowStep[] {
  const order: FlowStep[] = [];
  const walk = (current: Lane) => {
    for (const node of current.nodes) {
      order.push(node.step);
      for (const branch of node.branches ?? []) walk(branch.lane);
    }
  };
  walk(flowLayout(definition));
  return order;
}
