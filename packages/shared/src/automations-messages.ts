import { GENERIC_MESSAGES } from './messages';

// Automations' limits and the texts people read about flows (the builder's messages, the reasons
// a run records), once for the web and the API.

export const FLOW_LIMITS = {
  name: 200,
  steps: 100,
  stepId: 40,
  filters: 10,
  rules: 20,
  propertyPath: 100,
  filterValue: 500,
  /** The longest wait, timeout or re-entry delay, in days. */
  maxDays: 365,
  url: 2000,
  webhookPayloadBytes: 8_192,
  listsPerUpdate: 20,
  unsubscribeReason: 200,
} as const;

export const AUTOMATION_MESSAGES = {
  nameRequired: 'Give the flow a name.',
  tooLong: GENERIC_MESSAGES.tooLong,
  notFound: 'This flow does not exist.',
  versionNotFound: 'This version of the flow does not exist.',
  created: 'Flow saved as a draft.',
  saved: 'Flow saved.',
  savedLive: 'Flow saved. People already in it carry on with the new version.',
  deleted: 'Flow deleted.',
  notDeletable: 'An active flow cannot be deleted. Pause it first.',
  tooManyScannedFlows: (limit: number) =>
    `An account may have ${limit.toLocaleString('en')} active flows started by a segment or a date at once. Pause one of them first, or start this one another way.`,
  tooManyFlows: (limit: number) => `An account keeps at most ${limit.toLocaleString('en')} flows. Delete one you no longer use (pause it first if it is active).`,
  activated: 'Flow activated. People who meet its trigger from now on enter it.',
  webhookSecretMade: 'New signing secret made. Copy it now: it is not shown again, and the old one stops working.',
  paused: 'Flow paused. Nobody enters or moves on until you activate it again.',
  alreadyActive: 'This flow is already active.',
  notActive: 'Only an active flow can be paused.',
  templateUnknown: 'Choose one of the starter templates.',
  triggerInvalid: 'Choose what starts the flow.',
  eventInvalid: 'An event name is 1 to 100 characters of a-z, 0-9, _ . : and -.',
  stepIdInvalid: 'A step id is 1 to 40 characters of letters, digits, _ and -.',
  stepIdTwice: (id: string) => `Two steps have the id "${id}".`,
  stepMissing: (id: string) => `No step has the id "${id}".`,
  stepUnreachable: (id: string) => `The step "${id}" cannot be reached from the start.`,
  stepLoop: (id: string) => `The step "${id}" leads back to itself: a flow runs each step at most once per person.`,
  tooManySteps: `A flow has at most ${FLOW_LIMITS.steps} steps.`,
  stepInvalid: 'Complete or remove this step.',
  waitInvalid: 'Wait for a duration, or until a weekday and hour: one of the two.',
  weekdaysRequired: 'Choose at least one weekday.',
  durationInvalid: `A duration is a whole number of minutes, hours, days or weeks, up to ${FLOW_LIMITS.maxDays} days.`,
  conditionInvalid: 'Complete or remove this condition.',
  listInvalid: 'One of the chosen lists is not one of yours.',
  segmentInvalid: 'The chosen segment is not one of yours.',
  formInvalid: 'The chosen form is not one of yours.',
  payloadTooLarge: 'The webhook payload is larger than 8 KB.',
  timezoneInvalid: 'Choose a timezone from the list.',
  hourInvalid: 'An hour is a whole number from 0 to 23.',
  reentryDaysRequired: 'Say after how many days a person may enter again.',
  emailInvalid: 'Enter a valid email address.',
  subjectRequired: 'Add a subject line to every email step before activating.',
  fromRequired: 'Add the sender name and address to every email step before activating.',
  contentRequired: 'Write the content of every email step before activating.',
  subscriberNotFound: 'This subscriber does not exist.',
  eventNotFound: 'This event does not exist for this subscriber.',
  testAtInvalid: 'at must be an ISO 8601 date and time.',
  unsubscribeReasonRequired: `Say why, in 1 to ${FLOW_LIMITS.unsubscribeReason} characters (it is recorded with the unsubscribe).`,
} as const;

/** The sunset template's recorded reason for those who did not answer (issue 21). */
export const SUNSET_NO_ANSWER_REASON = 'Sunset: no answer';
/**
 * An email step that cannot send for a reason of the step's own (its sender, its content), not the
 * person's: the run stops there instead of going on as if the email had gone (issue 21: a sunset
 * flow must not unsubscribe people it never asked).
 */
export const FLOW_RUN_TEXTS = {
  contentBroken: (problem: string) => `Not sent: the step's content cannot be built (${problem}).`,
  stoppedAtEmail: (stepId: string, reason: string) => `Stopped at the email step "${stepId}" without sending it, so the later steps did not run. ${reason}`,
  /** A webhook step held back while its host is paused (the engine's breaker, issue 31): not counted as an attempt. */
  webhookHostPaused: (host: string, failures: number, until: Date) =>
    `Deferred: ${host} did not answer the last ${failures} calls, so calls to it are paused; tried again at ${until.toISOString()}.`,
} as const;
/** The segment the sunset template starts from, made for the account when it has none of this name. */
export const SUNSET_SEGMENT_NAME = 'Dormant (engagement score)';
