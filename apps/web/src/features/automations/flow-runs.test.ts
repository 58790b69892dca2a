import { describe, expect, it } from 'vitest';
import type { FlowRunView } from '@postlark/shared/automations-views';
import { runReason, runWhere } from './flow-runs';

const run = (change: Partial<FlowRunView>): FlowRunView => ({
  id: 'r',
  subscriber_id: 's',
  email: 'ada@example.com',
  version: 1,
  status: 'active',
  started_at: '2026-11-25T00:00:00.000Z',
  ended_at: null,
  end_reason: null,
  steps: [],
  notes: [],
  ...change,
});
const titles = new Map([
  ['wait-1h', 'Wait 1 hour'],
  ['reminder', 'Reminder'],
]);
const when = (iso: string) => iso.slice(11, 16);
const step = (step_id: string, status: string, reason: string | null = null) => ({ step_id, type: 'wait' as const, status, outcome: null, reason, due_at: '2026-11-25T01:00:00.000Z', finished_at: null });

describe('a run in words', () => {
  it('says where a person is and until when they wait', () => {
    expect(runWhere(run({ steps: [step('wait-1h', 'waiting')] }), titles, when)).toBe('Wait 1 hour: waiting until 01:00');
    expect(runWhere(run({ steps: [step('wait-1h', 'done'), step('reminder', 'unknown')] }), titles, when)).toBe('Reminder: left unknown by a stopped worker');
    expect(runWhere(run({ status: 'goal', steps: [step('reminder', 'cancelled')] }), titles, when)).toBe('Reminder: cancelled');
  });

  it('gives the latest reason: how it ended, else the last note', () => {
    expect(runReason(run({ notes: [{ step_id: 'reminder', kind: 'deferred', reason: 'Quiet hours until 08:00.', at: '2026-11-25T00:00:00.000Z' }] }))).toBe('Quiet hours until 08:00.');
    expect(runReason(run({ status: 'goal', end_reason: 'order_placed reached the goal.' }))).toBe('order_placed reached the goal.');
    expect(runReason(run({ steps: [step('reminder', 'skipped', 'Not mailable: unsubscribed.')] }))).toBe('Not mailable: unsubscribed.');
  });
});
