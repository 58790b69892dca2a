import { FORM_MESSAGES, type FormCreate, type FormUpdate, type SignupForm } from '@postlark/shared/forms';
import { AUDIENCE_MESSAGES } from '@postlark/shared/audience';
import { signupFormPath } from '@postlark/shared/routes';
import { HttpError } from '../../http/errors';
import { isUuid } from '../../lib/uuid';
import { ownListIds } from '../audience/subscribers.repository';
import type { AudienceDeps } from '../audience/audience-deps';
import { deleteForm, findForm, type FormWithList, insertForm, listForms, type NewForm, updateForm } from './forms.repository';

export interface FormDeps extends AudienceDeps {
  appUrl: string;
}

const notFound = () => new HttpError(404, FORM_MESSAGES.notFound);

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (character) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[character]!);

/** Plain HTML for the customer's site: it posts to the hosted page, which thanks the person there. */
export function embedHtml(hostedUrl: string, buttonLabel: string): string {
  return [
    `<form action="${escapeHtml(hostedUrl)}" method="post" accept-charset="UTF-8">`,
    '  <label>Email <input type="email" name="email" required autocomplete="email"></label>',
    '  <label>First name <input type="text" name="first_name" autocomplete="given-name"></label>',
    '  <div style="position:absolute;left:-9999px" aria-hidden="true"><input type="text" name="website" tabindex="-1" autocomplete="off"></div>',
    `  <button type="submit">${escapeHtml(buttonLabel)}</button>`,
    '</form>',
  ].join('\n');
}

function formOf(deps: FormDeps, { form, listName, doubleOptIn }: FormWithList): SignupForm {
  const hostedUrl = `${deps.appUrl}${signupFormPath(form.id)}`;
  return {
    id: form.id,
    name: form.name,
    list_id: form.listId,
    list_name: listName,
    double_opt_in: doubleOptIn,
    title: form.title,
    intro: form.intro,
    button_label: form.buttonLabel,
    hosted_url: hostedUrl,
    embed_html: embedHtml(hostedUrl, form.buttonLabel),
    created_at: form.createdAt.toISOString(),
  };
}

async function checkList(deps: FormDeps, customerId: string, listId: string): Promise<void> {
  if ((await ownListIds(deps.db, customerId, [listId])).length === 0) {
    throw new HttpError(400, AUDIENCE_MESSAGES.listIdsInvalid, { list_id: AUDIENCE_MESSAGES.listIdsInvalid });
  }
}

export async function allForms(deps: FormDeps, customerId: string): Promise<SignupForm[]> {
  return (await listForms(deps.db, customerId)).map((row) => formOf(deps, row));
}

export async function getForm(deps: FormDeps, customerId: string, id: string): Promise<SignupForm> {
  const row = isUuid(id) ? await findForm(deps.db, customerId, id) : undefined;
  if (!row) throw notFound();
  return formOf(deps, row);
}

export async function createForm(deps: FormDeps, customerId: string, body: FormCreate): Promise<SignupForm> {
  await checkList(deps, customerId, body.list_id);
  const now = deps.now();
  const row = await insertForm(deps.db, {
    customerId,
    listId: body.list_id,
    name: body.name,
    title: body.title,
    intro: body.intro,
    buttonLabel: body.button_label,
    createdAt: now,
    updatedAt: now,
  });
  return getForm(deps, customerId, row.id);
}

export async function changeForm(deps: FormDeps, customerId: string, id: string, body: FormUpdate): Promise<SignupForm> {
  if (!isUuid(id)) throw notFound();
  if (body.list_id) await checkList(deps, customerId, body.list_id);
  const values: Partial<NewForm> = {
    updatedAt: deps.now(),
    ...(body.name !== undefined && { name: body.name }),
    ...(body.list_id !== undefined && { listId: body.list_id }),
    ...(body.title !== undefined && { title: body.title }),
    ...(body.intro !== undefined && { intro: body.intro }),
    ...(body.button_label !== undefined && { buttonLabel: body.button_label }),
  };
  if (!(await updateForm(deps.db, customerId, id, values))) throw notFound();
  return getForm(deps, customerId, id);
}

export async function removeForm(deps: FormDeps, customerId: string, id: string): Promise<void> {
  if (!isUuid(id) || !(await deleteForm(deps.db, customerId, id))) throw notFound();
}
