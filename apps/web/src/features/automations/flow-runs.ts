import type { FlowRunView } from '@postlark/shared/automations-views';

// What a person's run says in the list of people: where they are (or how they left), and the
// latest recorded reason (a deferral, a skip, a removed step that moved them), in words.

export const RUN_STATUS_LABELS: Record<FlowRunView['status'], string> = {
  active: 'In the flow',
  completed: 'Completed',
  exited: 'Exited',
  goal: 'Reached the goal',
  unsubscribed: 'Unsubscribed',
};

const STEP_STATUS_TEXTS: Record<string, string> = {
  pending: 'due',
  waiting: 'waiting',
  running: 'being worked on',
  done: 'done',
  skipped: 'skipped',
  failed: 'failed',
  unknown: 'left unknown by a stopped worker',
  cancelled: 'cancelled',
  moved: 'moved on',
};

/** Where the person is, or the step they ended at: "Reminder: waiting until 25 Nov, 09:00". */
export function runWhere(run: FlowRunView, titles: ReadonlyMap<string, string>, when: (iso: string) => string): string {
  const step = run.steps.at(-1);
  if (!step) return run.status === 'active' ? 'Entering' : (run.end_reason ?? '');
  const title = titles.get(step.step_id) ?? step.step_id;
  const status = STEP_STATUS_TEXTS[step.status] ?? step.status;
  const open = step.status === 'pending' || step.status === 'waiting';
  return `${title}: ${status}${open && run.status === 'active' ? ` until ${when(step.due_at)}` : ''}`;
}

/** The run's latest reason worth reading: its end, else its last note, else its last step's reason. */
export function runReason(run: FlowRunView): string {
  if (run.status !== 'active' && run.end_reason) return run.end_reason;
  const note = run.notes.at(-1);
  if (note) return note.reason;
  return run.steps.findLast((step) => step.reason)?.reason ?? '';
}
