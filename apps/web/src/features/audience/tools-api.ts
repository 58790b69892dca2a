import type { ApiMessage } from '@postlark/shared/api-response';
import type { AttributeKeyCount } from '@postlark/shared/audience';
import type { FormCreate, FormUpdate, SignupForm } from '@postlark/shared/forms';
import type { ImportCreate, ImportProgress } from '@postlark/shared/imports';
import type { Segment, SegmentCreate, SegmentDefinition, SegmentUpdate } from '@postlark/shared/segments';
import { webEnv } from '../../config/env';
import { type ApiAnswer, requestJson } from '../../lib/api-client';
import type { Saved } from './audience-api';

// The audience's tools: CSV imports, segments and sign-up forms.

const audienceUrl = (path: string) => `${webEnv.apiBase}audience/v1/${path}`;
const itemUrl = (kind: 'imports' | 'segments' | 'forms', id: string) => audienceUrl(`${kind}/${encodeURIComponent(id)}`);

export function getImports() {
  return requestJson<{ payload: { imports: ImportProgress[] } }>('GET', audienceUrl('imports'));
}

export function getImport(id: string) {
  return requestJson<{ payload: ImportProgress }>('GET', itemUrl('imports', id));
}

export function postImport(body: ImportCreate) {
  return requestJson<Saved<'import', ImportProgress>>('POST', audienceUrl('imports'), body);
}

/** The customer's consent confirmation for an import that stopped to ask for it. */
export function postImportConsent(id: string) {
  return requestJson<Saved<'import', ImportProgress>>('POST', `${itemUrl('imports', id)}/consent`, { consent_confirmed: true });
}

/**
 * Sends the file as the request body: the browser streams it from disk, so a 100 MB file is never
 * read into memory here.
 */
export async function putImportFile(id: string, file: File): Promise<ApiAnswer<Saved<'import', ImportProgress>>> {
  const response = await fetch(`${itemUrl('imports', id)}/file`, {
    method: 'PUT',
    credentials: 'include',
    headers: { accept: 'application/json', 'content-type': 'text/csv' },
    body: file,
  });
  const body = (await response.json().catch(() => null)) as Saved<'import', ImportProgress> | null;
  return { ok: response.ok, status: response.status, body };
}

/** The attribute keys the customer's subscribers have, the most common first (the segment builder's picker). */
export function getAttributeKeys() {
  return requestJson<{ payload: { keys: AttributeKeyCount[] } }>('GET', audienceUrl('subscribers/attribute-keys'));
}

export function postSegmentPreview(definition: SegmentDefinition) {
  return requestJson<{ payload: { count: number } }>('POST', audienceUrl('segments/preview'), { definition });
}

export function postSegment(body: SegmentCreate) {
  return requestJson<Saved<'segment', Segment>>('POST', audienceUrl('segments'), body);
}

export function patchSegment(id: string, body: SegmentUpdate) {
  return requestJson<Saved<'segment', Segment>>('PATCH', itemUrl('segments', id), body);
}

export function deleteSegment(id: string) {
  return requestJson<ApiMessage>('DELETE', itemUrl('segments', id));
}

export function getForms() {
  return requestJson<{ payload: { forms: SignupForm[] } }>('GET', audienceUrl('forms'));
}

export function postForm(body: FormCreate) {
  return requestJson<Saved<'form', SignupForm>>('POST', audienceUrl('forms'), body);
}

export function patchForm(id: string, body: FormUpdate) {
  return requestJson<Saved<'form', SignupForm>>('PATCH', itemUrl('forms', id), body);
}

export function deleteForm(id: string) {
  return requestJson<ApiMessage>('DELETE', itemUrl('forms', id));
}
