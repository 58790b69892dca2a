import * as z from 'zod/mini';
import { AUDIENCE_MESSAGES, subscriberEmailSchema } from './audience';
import { GENERIC_MESSAGES } from './messages';
import { UUID_PATTERN } from './ids';
import type { PageLook } from './brand-kit';

// Sign-up forms: each adds people to one list, on a hosted page (/f/{id}) or through an HTML
// snippet on the customer's own site. Defined once for the dashboard, the page and the API.

export const FORM_LIMITS = { name: 100, title: 120, intro: 500, buttonLabel: 40, personName: 100 } as const;

export const FORM_MESSAGES = {
  nameRequired: 'Give the form a name.',
  listRequired: 'Choose the list this form adds people to.',
  notFound: 'This form does not exist.',
  created: 'Form created.',
  saved: 'Form saved.',
  deleted: 'Form deleted. People who signed up through it stay on its list.',
  thanksConfirm: 'Thanks! Check your inbox and click the link in our email to confirm your subscription.',
  thanksSubscribed: 'Thanks! You are subscribed.',
  confirmed: 'Your subscription is confirmed. Thank you!',
  confirmPrompt: 'Press the button below to confirm your subscription.',
  confirmButton: 'Confirm my subscription',
  confirmInvalid: 'This confirmation link is not valid. Sign up again to get a new one.',
  resent: 'We sent the confirmation email again.',
  nothingToConfirm: 'This subscriber has no subscription waiting for confirmation.',
  confirmationRecent: 'We sent this subscriber a confirmation email less than a day ago. You can send it again a day after that one.',
  tooLong: (max: number) => `At most ${max} characters.`,
} as const;

const bounded = (max: number) => z.string().check(z.trim(), z.maxLength(max, FORM_MESSAGES.tooLong(max)));

const formFields = {
  name: z.string({ error: FORM_MESSAGES.nameRequired }).check(z.trim(), z.minLength(1, FORM_MESSAGES.nameRequired), z.maxLength(FORM_LIMITS.name, FORM_MESSAGES.tooLong(FORM_LIMITS.name))),
  list_id: z.string({ error: FORM_MESSAGES.listRequired }).check(z.regex(UUID_PATTERN, FORM_MESSAGES.listRequired)),
  title: bounded(FORM_LIMITS.title),
  intro: bounded(FORM_LIMITS.intro),
  button_label: bounded(FORM_LIMITS.buttonLabel),
};

export const formCreateSchema = z.strictObject({
  name: formFields.name,
  list_id: formFields.list_id,
  title: z._default(formFields.title, 'Subscribe to our newsletter'),
  intro: z._default(formFields.intro, ''),
  button_label: z._default(formFields.button_label, 'Subscribe'),
});
export type FormCreate = z.output<typeof formCreateSchema>;

export const formUpdateSchema = z.partial(z.strictObject(formFields));
export type FormUpdate = z.output<typeof formUpdateSchema>;

/** What a person sends from a form. `website` is a honeypot: hidden from people, filled by bots. */
export const formSignupSchema = z.object({
  email: subscriberEmailSchema,
  first_name: z._default(bounded(FORM_LIMITS.personName), ''),
  last_name: z._default(bounded(FORM_LIMITS.personName), ''),
  website: z._default(z.string().check(z.maxLength(500)), ''),
});
export type FormSignup = z.output<typeof formSignupSchema>;

export const subscriptionConfirmSchema = z.strictObject({
  token: z.string({ error: FORM_MESSAGES.confirmInvalid }).check(z.minLength(1, FORM_MESSAGES.confirmInvalid), z.maxLength(200, FORM_MESSAGES.confirmInvalid)),
});

/** GET /api/public/v1/subscriptions/confirm?token=…: whose list the link confirms, read without confirming it. */
export interface PendingConfirmation {
  list_name: string;
  sender: string;
  look: PageLook | null;
}

/** A form as the dashboard shows it. */
export interface SignupForm {
  id: string;
  name: string;
  list_id: string;
  list_name: string;
  double_opt_in: boolean;
  title: string;
  intro: string;
  button_label: string;
  /** The hosted page. */
  hosted_url: string;
  /** HTML to paste into the customer's own site; it posts to the hosted page. */
  embed_html: string;
  created_at: string;
}

/** A form as the public page draws it. */
export interface PublicForm {
  id: string;
  title: string;
  intro: string;
  button_label: string;
  sender: string;
  /** Whether people must confirm by email: the page words its thanks accordingly. */
  double_opt_in: boolean;
  /** The account's brand kit, as the page draws it; null for the product's own look. */
  look: PageLook | null;
}

/** Why a post from an embedded form came back to the hosted page (its ?error=). */
export const EMBED_ERRORS = { email: AUDIENCE_MESSAGES.emailInvalid, busy: GENERIC_MESSAGES.tooManyRequests } as const;
export type EmbedError = keyof typeof EMBED_ERRORS;

export function isEmbedError(value: string | null): value is EmbedError {
  return value !== null && Object.hasOwn(EMBED_ERRORS, value);
}
