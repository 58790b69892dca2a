import { createAsyncThunk } from '@reduxjs/toolkit';
import type { AttributeKeyCount } from '@postlark/shared/audience';
import { FORM_MESSAGES, type FormCreate, type FormUpdate, type SignupForm } from '@postlark/shared/forms';
import { IMPORT_MESSAGES, type ImportCreate, type ImportProgress } from '@postlark/shared/imports';
import { type Segment, type SegmentCreate, type SegmentDefinition, SEGMENT_MESSAGES, type SegmentUpdate } from '@postlark/shared/segments';
import { type AudienceFailure, read, remove, save, type SavedItem } from './audience-thunks';
import { ATTRIBUTE_CONDITION_TEXTS, TOOLS_TEXTS } from './tools-content';
import {
  deleteForm,
  deleteSegment,
  getAttributeKeys,
  getForms,
  getImport,
  getImports,
  patchForm,
  patchSegment,
  postForm,
  postImport,
  postImportConsent,
  postSegment,
  postSegmentPreview,
  putImportFile,
} from './tools-api';

// Imports, segments and forms: like the other audience thunks, the page that asks keeps the result.

type Rejects = { rejectValue: AudienceFailure };

export const fetchImports = createAsyncThunk<ImportProgress[], void, Rejects>('audience/fetchImports', async (_none, { rejectWithValue }) => {
  const result = await read(getImports, TOOLS_TEXTS.importsFailed, (payload) => Array.isArray(payload.imports));
  return 'error' in result ? rejectWithValue(result.error) : result.payload.imports;
});

export const fetchImport = createAsyncThunk<ImportProgress, string, Rejects>('audience/fetchImport', async (id, { rejectWithValue }) => {
  const result = await read(() => getImport(id), TOOLS_TEXTS.importFailed, (progress) => typeof progress.status === 'string');
  return 'error' in result ? rejectWithValue(result.error) : result.payload;
});

/** Creates the import with its mapping, then sends the file; resolves with the queued import. */
export const startImport = createAsyncThunk<SavedItem<ImportProgress>, { body: ImportCreate; file: File }, Rejects>(
  'audience/startImport',
  async ({ body, file }, { rejectWithValue }) => {
    const created = await save(() => postImport(body), 'import', IMPORT_MESSAGES.created);
    if ('error' in created) return rejectWithValue(created.error);
    const sent = await save(() => putImportFile(created.saved.item.id, file), 'import', IMPORT_MESSAGES.queued);
    return 'error' in sent ? rejectWithValue(sent.error) : sent.saved;
  },
);

/** Confirms the consent an import stopped for; resolves with the import, queued again. */
export const confirmImportConsent = createAsyncThunk<SavedItem<ImportProgress>, string, Rejects>('audience/confirmImportConsent', async (id, { rejectWithValue }) => {
  const result = await save(() => postImportConsent(id), 'import', IMPORT_MESSAGES.queued);
  return 'error' in result ? rejectWithValue(result.error) : result.saved;
});

export const fetchAttributeKeys = createAsyncThunk<AttributeKeyCount[], void, Rejects>('audience/fetchAttributeKeys', async (_none, { rejectWithValue }) => {
  const result = await read(getAttributeKeys, ATTRIBUTE_CONDITION_TEXTS.failed, (payload) => Array.isArray(payload.keys));
  return 'error' in result ? rejectWithValue(result.error) : result.payload.keys;
});

export const previewSegment = createAsyncThunk<number, SegmentDefinition, Rejects>('audience/previewSegment', async (definition, { rejectWithValue }) => {
  const result = await read(() => postSegmentPreview(definition), TOOLS_TEXTS.previewFailed, (payload) => typeof payload.count === 'number');
  return 'error' in result ? rejectWithValue(result.error) : result.payload.count;
});

export const addSegment = createAsyncThunk<SavedItem<Segment>, SegmentCreate, Rejects>('audience/addSegment', async (body, { rejectWithValue }) => {
  const result = await save(() => postSegment(body), 'segment', SEGMENT_MESSAGES.created);
  return 'error' in result ? rejectWithValue(result.error) : result.saved;
});

export const saveSegment = createAsyncThunk<SavedItem<Segment>, { id: string; body: SegmentUpdate }, Rejects>(
  'audience/saveSegment',
  async ({ id, body }, { rejectWithValue }) => {
    const result = await save(() => patchSegment(id, body), 'segment', SEGMENT_MESSAGES.saved);
    return 'error' in result ? rejectWithValue(result.error) : result.saved;
  },
);

export const removeSegment = createAsyncThunk<string, string, Rejects>('audience/removeSegment', async (id, { rejectWithValue }) => {
  const result = await remove(() => deleteSegment(id), SEGMENT_MESSAGES.deleted);
  return 'error' in result ? rejectWithValue(result.error) : result.message;
});

export const fetchForms = createAsyncThunk<SignupForm[], void, Rejects>('audience/fetchForms', async (_none, { rejectWithValue }) => {
  const result = await read(getForms, TOOLS_TEXTS.formsFailed, (payload) => Array.isArray(payload.forms));
  return 'error' in result ? rejectWithValue(result.error) : result.payload.forms;
});

export const addForm = createAsyncThunk<SavedItem<SignupForm>, FormCreate, Rejects>('audience/addForm', async (body, { rejectWithValue }) => {
  const result = await save(() => postForm(body), 'form', FORM_MESSAGES.created);
  return 'error' in result ? rejectWithValue(result.error) : result.saved;
});

export const saveForm = createAsyncThunk<SavedItem<SignupForm>, { id: string; body: FormUpdate }, Rejects>('audience/saveForm', async ({ id, body }, { rejectWithValue }) => {
  const result = await save(() => patchForm(id, body), 'form', FORM_MESSAGES.saved);
  return 'error' in result ? rejectWithValue(result.error) : result.saved;
});

export const removeForm = createAsyncThunk<string, string, Rejects>('audience/removeForm', async (id, { rejectWithValue }) => {
  const result = await remove(() => deleteForm(id), FORM_MESSAGES.deleted);
  return 'error' in result ? rejectWithValue(result.error) : result.message;
});
