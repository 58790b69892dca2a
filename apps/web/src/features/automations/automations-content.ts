import type { Duration, FlowStatus, FlowStep, FlowTrigger, StepType } from '@postlark/shared/automations';
import { STO_LIMITS, STO_MESSAGES } from '@postlark/shared/send-time-optimisation';
import { flowPath, ROUTES } from '@postlark/shared/routes';

// The Automations pages' own texts; the server's messages (AUTOMATION_MESSAGES) are never repeated here.

export const AUTOMATIONS_PATH = ROUTES.automations;
export { flowPath };

export const AUTOMATION_TEXTS = {
  flowsFailed: 'Could not load your flows.',
  flowFailed: 'Could not load this flow.',
  loadingFlows: 'Loading flows...',
  loadingFlow: 'Loading flow...',
  actionFailed: 'That did not work. Please try again.',
  statsFailed: 'The step counts could not be read just now; they try again shortly.',
  testFailed: 'The test could not be run. Please try again.',
  unsaved: 'Unsaved changes',
  allSaved: 'All changes saved',
  leaveUnsaved: 'This flow has unsaved changes. Leave without saving them?',
  exitOnlyAtEnd: 'An exit ends a path: add it where nothing follows.',
  noSteps: 'Nothing happens yet. Add the first step below the trigger.',
  creating: 'Creating...',
  versionLoaded: (version: number) => `Version ${version} is in the editor. Save to make it the newest version.`,
  unfinishedTitle: 'Activate with the starter text?',
  unfinishedDescription: (names: readonly string[]) =>
    `${names.length === 1 ? 'This email still has' : 'These emails still have'} the template's words or example.com links, and readers would get them as written: ${names.join(', ')}.`,
  unfinishedConfirm: 'Activate anyway',
  unfinishedStep: 'This email still has the starter template’s words or example.com links: replace them before the flow goes live.',
} as const;

export const FLOW_STATUS_LABELS: Record<FlowStatus, string> = { draft: 'Draft', active: 'Active', paused: 'Paused' };

export const STEP_LABELS: Record<StepType, string> = {
  email: 'Send email',
  wait: 'Wait',
  wait_event: 'Wait for event',
  wait_best_time: STO_MESSAGES.stepLabel,
  split: 'Split',
  update: 'Update person',
  webhook: 'Webhook',
  exit: 'Exit',
};

export const STEP_HINTS: Record<StepType, string> = {
  email: 'An email written like a campaign',
  wait: 'A while, or until a weekday and hour',
  wait_event: 'Until they do something, or a timeout',
  wait_best_time: 'Until the hour they usually read, at most a day',
  split: 'Two paths on a condition',
  update: 'Change fields or lists',
  webhook: 'Tell your own systems, signed',
  exit: 'End the flow here',
};

const TRIGGER_LABELS: Record<FlowTrigger['type'], string> = {
  event: 'An event',
  list_joined: 'Joins a list',
  segment_entered: 'Enters a segment',
  date: 'A date',
  form_signup: 'Signs up through a form',
};
export { TRIGGER_LABELS };

const plural = (count: number, one: string) => `${count.toLocaleString('en')} ${count === 1 ? one : `${one}s`}`;

export function durationText(duration: Duration): string {
  return plural(duration.amount, duration.unit.replace(/s$/, ''));
}

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
export const WEEKDAY_NAMES = WEEKDAYS;
export const hourText = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

/** What starts the flow, in words; `names` turns a list, segment or form id into its name. */
export function triggerText(trigger: FlowTrigger, names: (id: string) => string | undefined = () => undefined): string {
  switch (trigger.type) {
    case 'event':
      return `When ${trigger.event} happens${trigger.filters.length ? ` (${plural(trigger.filters.length, 'filter')})` : ''}`;
    case 'list_joined':
      return `When someone joins ${names(trigger.list_id) ?? 'a list'}`;
    case 'segment_entered':
      return `When someone enters ${names(trigger.segment_id) ?? 'a segment'}`;
    case 'date': {
      const offset = trigger.offset_days === 0 ? 'On' : `${plural(Math.abs(trigger.offset_days), 'day')} ${trigger.offset_days < 0 ? 'before' : 'after'}`;
      return `${offset} their ${trigger.attribute} at ${hourText(trigger.hour)}`;
    }
    case 'form_signup':
      return `When someone signs up through ${names(trigger.form_id) ?? 'a form'}`;
  }
}

/** A step's one-line summary on its card. */
export function stepSummary(step: FlowStep): string {
  switch (step.type) {
    case 'email':
      return step.subject || 'No subject yet';
    case 'wait':
      if (step.duration) return `Wait ${durationText(step.duration)}`;
      if (step.until) return `Until ${step.until.weekdays.map((day) => WEEKDAYS[day]!.slice(0, 3)).join(', ')} at ${hourText(step.until.hour)}`;
      return 'Choose how long';
    case 'wait_event':
      return `Until ${step.event}, at most ${durationText(step.timeout)}`;
    case 'wait_best_time':
      return `Their best time (the audience’s when unknown), at most ${STO_LIMITS.waitBestTimeMaxHours} hours`;
    case 'split':
      return `${plural(step.condition.rules.length, 'condition')}, ${step.condition.match === 'all' ? 'all must match' : 'any may match'}`;
    case 'update': {
      const parts = [
        step.first_name !== undefined || step.last_name !== undefined ? 'name' : '',
        Object.keys(step.attributes).length ? plural(Object.keys(step.attributes).length, 'field') : '',
        step.add_to_lists.length ? `add to ${plural(step.add_to_lists.length, 'list')}` : '',
        step.remove_from_lists.length ? `remove from ${plural(step.remove_from_lists.length, 'list')}` : '',
      ].filter(Boolean);
      if (step.unsubscribe) return parts.length ? `Change ${parts.join(', ')}, then unsubscribe` : `Unsubscribe: ${step.unsubscribe.reason}`;
      return parts.length ? `Change ${parts.join(', ')}` : 'Nothing to change yet';
    }
    case 'webhook':
      return step.url ? step.url.replace(/^https?:\/\//, '') : 'No address yet';
    case 'exit':
      return 'The person leaves the flow';
  }
}

/** The card's title, which names the step in buttons and the stats table too: an email's name, a wait's length. */
export function stepTitle(step: FlowStep): string {
  switch (step.type) {
    case 'email':
      return step.name || step.subject || STEP_LABELS.email;
    case 'wait':
      return stepSummary(step);
    case 'wait_event':
      return `Wait for ${step.event}`;
    default:
      return STEP_LABELS[step.type];
  }
}

/** Revenue by currency, as "€120.00 + $40.00"; a dash when there is none. */
export function revenueText(revenue: Record<string, number>): string {
  const parts = Object.entries(revenue)
    .filter(([, amount]) => amount > 0)
    .map(([currency, amount]) => new Intl.NumberFormat('en', { style: 'currency', currency, maximumFractionDigits: 2 }).format(amount));
  return parts.length ? parts.join(' + ') : '—';
}

export function formatMoment(iso: string): string {
  return new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

/** A template's "choose one" in place of a list, segment or form (the API's nil id; flow-templates.ts). */
export const CHOOSE_ID = '00000000-0000-0000-0000-000000000000';
