import * as z from 'zod/mini';
import { CAMPAIGN_LIMITS } from './campaign-limits';
import { GENERIC_MESSAGES } from './messages';

// An account's own templates (issue 33, point 5): a campaign's subject and content kept under a
// name, offered in the gallery after the built-in ones. Their content is a campaign's content,
// so it is held to the same size.

export const OWN_TEMPLATE_LIMITS = {
  perAccount: 50,
  name: 100,
  description: 300,
  subject: CAMPAIGN_LIMITS.subject,
  html: CAMPAIGN_LIMITS.html,
} as const;

export const OWN_TEMPLATE_MESSAGES = {
  saved: 'Saved as a template. It is in the gallery under Your templates.',
  renamed: 'Template renamed.',
  deleted: 'Template deleted.',
  notFound: 'This template does not exist, or it was deleted.',
  nameRequired: 'Give the template a name.',
  tooMany: `An account keeps at most ${OWN_TEMPLATE_LIMITS.perAccount} templates. Delete one you no longer use to save this one.`,
  tooLong: GENERIC_MESSAGES.tooLong,
  deleteConfirm: (name: string) => `Delete the template “${name}”? Campaigns made from it keep their content.`,
} as const;

const name = z.string({ error: OWN_TEMPLATE_MESSAGES.nameRequired }).check(z.trim(), z.minLength(1, OWN_TEMPLATE_MESSAGES.nameRequired), z.maxLength(OWN_TEMPLATE_LIMITS.name, OWN_TEMPLATE_MESSAGES.tooLong(OWN_TEMPLATE_LIMITS.name)));
const description = z.string().check(z.trim(), z.maxLength(OWN_TEMPLATE_LIMITS.description, OWN_TEMPLATE_MESSAGES.tooLong(OWN_TEMPLATE_LIMITS.description)));
const capped = (limit: number) => z.string().check(z.maxLength(limit, OWN_TEMPLATE_MESSAGES.tooLong(limit)));

/** "Save as template" in the editor: the campaign's subject and content as they are on screen. */
export const ownTemplateCreateSchema = z.strictObject({
  name,
  description: z._default(description, ''),
  subject: z._default(capped(OWN_TEMPLATE_LIMITS.subject), ''),
  content_html: capped(OWN_TEMPLATE_LIMITS.html),
});
export type OwnTemplateCreate = z.output<typeof ownTemplateCreateSchema>;

/** Renaming: the name, the description or both. */
export const ownTemplateUpdateSchema = z.strictObject({
  name: z.optional(name),
  description: z.optional(description),
});
export type OwnTemplateUpdate = z.output<typeof ownTemplateUpdateSchema>;

/** One of the account's templates as the API answers it. */
export interface OwnTemplate {
  id: string;
  name: string;
  description: string;
  subject: string;
  html: string;
  created_at: string;
  updated_at: string;
}

/** The editor's and the picker's words for them. */
export const OWN_TEMPLATE_TEXTS = {
  saveAction: 'Save as template',
  saveTitle: 'Save as template',
  saveDescription: 'The subject and content as they are now, kept under a name for new campaigns. Later changes to this campaign do not change it.',
  saving: 'Saving…',
  nameLabel: 'Template name',
  descriptionLabel: 'Description (optional)',
  yours: 'Your templates',
  yoursText: 'Saved from your campaigns with Save as template.',
  deleteAction: 'Delete',
  deleteTitle: 'Delete template',
  deleting: 'Deleting…',
  failed: 'Could not save the template. Please try again.',
  undrawn: 'The templates could not be drawn with your brand kit just now: they show their own look. Your logo and colours can be added in the editor, or try again in a moment.',
} as const;
