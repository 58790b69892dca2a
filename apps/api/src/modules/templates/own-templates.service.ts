import { randomUUID } from 'node:crypto';
import { OWN_TEMPLATE_LIMITS, OWN_TEMPLATE_MESSAGES, type OwnTemplate, type OwnTemplateCreate, type OwnTemplateUpdate } from '@postlark/shared/own-templates';
import type { Db } from '../../db/client';
import { HttpError } from '../../http/errors';
import { isUuid } from '../../lib/uuid';
import { deleteOwnTemplate, insertOwnTemplate, listOwnTemplates, type OwnTemplateRow, updateOwnTemplate } from './own-templates.repository';

// "Save as template" (issue 33, point 5): the account's own templates. Another account's id is
// answered as one that does not exist.

export interface OwnTemplateDeps {
  db: Db;
  now: () => Date;
}

export function toOwnTemplate(row: OwnTemplateRow): OwnTemplate {
  return { id: row.id, name: row.name, description: row.description, subject: row.subject, html: row.contentHtml, created_at: row.createdAt.toISOString(), updated_at: row.updatedAt.toISOString() };
}

export async function ownTemplateRows(deps: OwnTemplateDeps, customerId: string): Promise<OwnTemplateRow[]> {
  return listOwnTemplates(deps.db, customerId);
}

export async function createOwnTemplate(deps: OwnTemplateDeps, customerId: string, body: OwnTemplateCreate): Promise<OwnTemplate> {
  const now = deps.now();
  const row = await insertOwnTemplate(deps.db, { id: randomUUID(), customerId, name: body.name, description: body.description, subject: body.subject, contentHtml: body.content_html, createdAt: now, updatedAt: now }, OWN_TEMPLATE_LIMITS.perAccount);
  if (row === 'too-many') throw new HttpError(409, OWN_TEMPLATE_MESSAGES.tooMany);
  return toOwnTemplate(row);
}

export async function renameOwnTemplate(deps: OwnTemplateDeps, customerId: string, id: string, body: OwnTemplateUpdate): Promise<OwnTemplate> {
  const row = isUuid(id) ? await updateOwnTemplate(deps.db, customerId, id, { ...body, updatedAt: deps.now() }) : undefined;
  if (!row) throw new HttpError(404, OWN_TEMPLATE_MESSAGES.notFound);
  return toOwnTemplate(row);
}

export async function removeOwnTemplate(deps: OwnTemplateDeps, customerId: string, id: string): Promise<void> {
  if (!isUuid(id) || !(await deleteOwnTemplate(deps.db, customerId, id))) throw new HttpError(404, OWN_TEMPLATE_MESSAGES.notFound);
}
