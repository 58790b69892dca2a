import { createHash, randomUUID } from 'node:crypto';
import { expandSectionReferences, type SavedSection, SECTION_ATTRIBUTE, SECTION_LIMITS, SECTION_MESSAGES, sectionReferences, type SectionCreate, type SectionUpdate } from '@postlark/shared/saved-sections';
import type { Db } from '../../db/client';
import { HttpError } from '../../http/errors';
import { isUuid } from '../../lib/uuid';
import { deleteSection, insertSection, listSections, sectionsByIds, type SectionRow, updateSection } from './sections.repository';

// Saved sections (issue 33, point 5): written once, referenced by drafts, put in their place when
// a draft is prepared. Another account's id is answered as one that does not exist, and expands
// to nothing.

export interface SectionDeps {
  db: Db;
  now: () => Date;
}

function toSection(row: SectionRow): SavedSection {
  return { id: row.id, name: row.name, content_html: row.contentHtml, created_at: row.createdAt.toISOString(), updated_at: row.updatedAt.toISOString() };
}

export async function allSections(deps: SectionDeps, customerId: string): Promise<SavedSection[]> {
  return (await listSections(deps.db, customerId)).map(toSection);
}

export async function oneSection(deps: SectionDeps, customerId: string, id: string): Promise<SavedSection> {
  const [row] = isUuid(id) ? await sectionsByIds(deps.db, customerId, [id]) : [];
  if (!row) throw new HttpError(404, SECTION_MESSAGES.notFound);
  return toSection(row);
}

export async function createSection(deps: SectionDeps, customerId: string, body: SectionCreate): Promise<SavedSection> {
  const now = deps.now();
  const row = await insertSection(deps.db, { id: randomUUID(), customerId, name: body.name, contentHtml: body.content_html, createdAt: now, updatedAt: now }, SECTION_LIMITS.perAccount);
  if (row === 'too-many') throw new HttpError(409, SECTION_MESSAGES.tooMany);
  return toSection(row);
}

export async function changeSection(deps: SectionDeps, customerId: string, id: string, body: SectionUpdate): Promise<SavedSection> {
  const row = isUuid(id) ? await updateSection(deps.db, customerId, id, { name: body.name, contentHtml: body.content_html, updatedAt: deps.now() }) : undefined;
  if (!row) throw new HttpError(404, SECTION_MESSAGES.notFound);
  return toSection(row);
}

export async function removeSection(deps: SectionDeps, customerId: string, id: string): Promise<void> {
  if (!isUuid(id) || !(await deleteSection(deps.db, customerId, id))) throw new HttpError(404, SECTION_MESSAGES.notFound);
}

export interface ExpandedContent {
  html: string;
  /** Referenced sections that no longer exist (or were never the account's): the checks warn of them. */
  missing: string[];
  /** What the expansion was made of (a digest of each section's id and content): part of a prepared campaign's cache key. */
  version: string;
}

/** The content with its references replaced by the account's sections as they are now. */
export async function expandSections(db: Db, customerId: string, html: string): Promise<ExpandedContent> {
  const ids = sectionReferences(html).filter(isUuid).slice(0, SECTION_LIMITS.referencesPerCampaign);
  if (ids.length === 0 && !html.includes(SECTION_ATTRIBUTE)) return { html, missing: [], version: '' };
  const rows = await sectionsByIds(db, customerId, ids);
  const expanded = expandSectionReferences(html, new Map(rows.map((row) => [row.id, row.contentHtml])));
  // By content, not by time of edit: two edits within one millisecond are two versions.
  const digest = createHash('sha256');
  for (const row of rows) digest.update(`${row.id}\0${row.contentHtml}\0`);
  return { ...expanded, version: rows.length > 0 ? digest.digest('base64url') : '' };
}
