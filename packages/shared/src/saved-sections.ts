import * as z from 'zod/mini';
import { GENERIC_MESSAGES } from './messages';

// Saved sections (issue 33, point 5): a part written once (a header, a sign-off) that many drafts
// show. A draft's content keeps only a reference; the server puts the section's current content
// in its place when it prepares the draft for a preview, a test or the send, so an edit of the
// section reaches every draft that uses it, and a campaign already sent keeps what it sent.

/** The attribute of a reference, the editor's and the server's: `<div data-postlark-section="ID"></div>`. */
export const SECTION_ATTRIBUTE = 'data-postlark-section';

/** Under /api, the dashboard's (a session). */
export const SAVED_SECTIONS_PATH = 'campaigns/v1/sections';

export const SECTION_LIMITS = {
  perAccount: 100,
  name: 100,
  /** A section is a part of a message: a header, a sign-off, a block of links. */
  html: 64 * 1024,
  /** References one draft may expand; any past these expand to nothing. */
  referencesPerCampaign: 20,
} as const;

export const SECTION_MESSAGES = {
  saved: 'Section saved. Every draft that uses it shows the change.',
  created: 'Section saved. Insert it into any campaign from the toolbar.',
  deleted: 'Section deleted. Drafts that used it show nothing in its place.',
  notFound: 'This section does not exist, or it was deleted.',
  nameRequired: 'Give the section a name.',
  noNesting: 'A section cannot contain another section.',
  tooMany: `An account keeps at most ${SECTION_LIMITS.perAccount} sections. Delete one you no longer use to save this one.`,
  tooLong: GENERIC_MESSAGES.tooLong,
  missingCheck: (count: number) => `${count === 1 ? 'A saved section this campaign uses was' : `${count} saved sections this campaign uses were`} deleted: nothing is shown in ${count === 1 ? 'its' : 'their'} place.`,
  missingTitle: 'Saved sections',
} as const;

/** A reference as the editor writes it. */
export function sectionReferenceHtml(id: string): string {
  return `<div ${SECTION_ATTRIBUTE}="${id}"></div>`;
}

// One reference: the editor writes the attribute first and nothing inside.
const REFERENCE = /<div\s+data-postlark-section="([0-9a-f-]{36})"[^>]*>\s*<\/div>/gi;

/** The ids a content references, in order, each once. */
export function sectionReferences(html: string): string[] {
  return [...new Set(Array.from(html.matchAll(REFERENCE), (match) => match[1]!.toLowerCase()))];
}

/**
 * The content with each reference replaced by its section's content (`sections`, by id). One pass:
 * a section's own content is never searched again, so a reference cannot expand into another;
 * past `SECTION_LIMITS.referencesPerCampaign` and for an id not in `sections`, nothing.
 */
export function expandSectionReferences(html: string, sections: ReadonlyMap<string, string>): { html: string; missing: string[] } {
  const missing = new Set<string>();
  let expanded = 0;
  const result = html.replace(REFERENCE, (_reference, id: string) => {
    const content = sections.get(id.toLowerCase());
    if (content === undefined) {
      missing.add(id.toLowerCase());
      return '';
    }
    expanded += 1;
    return expanded <= SECTION_LIMITS.referencesPerCampaign ? content.replace(REFERENCE, '') : '';
  });
  return { html: result, missing: [...missing] };
}

const name = z.string({ error: SECTION_MESSAGES.nameRequired }).check(z.trim(), z.minLength(1, SECTION_MESSAGES.nameRequired), z.maxLength(SECTION_LIMITS.name, SECTION_MESSAGES.tooLong(SECTION_LIMITS.name)));
const content = z
  .string()
  .check(
    z.maxLength(SECTION_LIMITS.html, SECTION_MESSAGES.tooLong(SECTION_LIMITS.html)),
    z.refine((html) => sectionReferences(html).length === 0 && !html.includes(SECTION_ATTRIBUTE), SECTION_MESSAGES.noNesting),
  );

export const sectionCreateSchema = z.strictObject({ name, content_html: content });
export type SectionCreate = z.output<typeof sectionCreateSchema>;

export const sectionUpdateSchema = z.strictObject({ name: z.optional(name), content_html: z.optional(content) });
export type SectionUpdate = z.output<typeof sectionUpdateSchema>;

export interface SavedSection {
  id: string;
  name: string;
  content_html: string;
  created_at: string;
  updated_at: string;
}

/** The editor's words for them. */
export const SECTION_TEXTS = {
  insert: 'Insert saved section',
  insertTitle: 'Insert a saved section',
  insertDescription: 'A section shows its current content in every draft that uses it. Edit it once and every draft changes.',
  none: 'No saved sections yet. Save one below.',
  newTitle: 'New section',
  nameLabel: 'Section name',
  contentLabel: 'Section content',
  save: 'Save section',
  saving: 'Saving...',
  edit: 'Edit section',
  editTitle: 'Edit section',
  editDescription: 'Saved for every draft that uses this section. Campaigns already sent keep what they sent.',
  missing: 'This saved section was deleted: nothing is shown in its place.',
  loading: 'Loading section...',
  failed: 'Could not save the section. Please try again.',
  loadFailed: 'Could not load your saved sections.',
} as const;
