import { createAsyncThunk } from '@reduxjs/toolkit';
import type { AudienceList } from '@postlark/shared/audience';
import { type Campaign, type CampaignCreate, CAMPAIGN_MESSAGES, type CampaignPreview, type CampaignPreviewRequest, type CampaignSchedule, type CampaignTestSend, type CampaignUpdate } from '@postlark/shared/campaigns';
import type { EmailPlatformId } from '@postlark/shared/integrations';
import type { Segment } from '@postlark/shared/segments';
import { type ApiAnswer, type CallFailure, payloadMessage, settle } from '../../lib/api-client';
import {
  type CampaignAction,
  deleteCampaign,
  getAudienceLists,
  getAudienceSegments,
  getCampaign,
  getCampaigns,
  patchCampaign,
  postCampaign,
  postCampaignAction,
  postPreview,
  postSchedule,
  postTestSend,
  type SavedCampaign,
} from './campaigns-api';
import { CAMPAIGN_TEXTS } from './campaigns-content';

// The campaign pages' calls. Like the audience's, their results live in the page that asked, so
// these thunks have no slice: the page awaits `.unwrap()` and keeps what it needs.

export type CampaignFailure = Omit<CallFailure, 'ok'>;
type Rejects = { rejectValue: CampaignFailure };

/** A change's outcome: the server's message to show and the campaign as now stored. */
export interface CampaignChange {
  message: string;
  campaign: Campaign;
}

const failure = ({ message, errors, status }: CallFailure): CampaignFailure => ({ message, errors, status });
const malformed = (message: string): CampaignFailure => ({ message, errors: {}, status: 0 });

type Outcome<Key extends string, Value> = { error: CampaignFailure } | Record<Key, Value>;

async function read<Payload>(
  call: () => Promise<ApiAnswer<{ payload: Payload }>>,
  fallback: string,
  valid: (payload: Payload) => boolean,
): Promise<Outcome<'payload', Payload>> {
  const result = await settle(call, fallback);
  if (!result.ok) return { error: failure(result) };
  const payload = result.body?.payload;
  return payload && valid(payload) ? { payload } : { error: malformed(fallback) };
}

async function change(call: () => Promise<ApiAnswer<SavedCampaign>>, success: string, fallback: string): Promise<Outcome<'changed', CampaignChange>> {
  const result = await settle(call, fallback);
  if (!result.ok) return { error: failure(result) };
  const campaign = result.body?.payload?.campaign;
  return campaign ? { changed: { message: payloadMessage(result.body) ?? success, campaign } } : { error: malformed(fallback) };
}

export const fetchCampaigns = createAsyncThunk<Campaign[], EmailPlatformId | null, Rejects>('campaigns/fetchAll', async (platform, { rejectWithValue }) => {
  const result = await read(() => getCampaigns(platform), CAMPAIGN_TEXTS.campaignsFailed, (payload) => Array.isArray(payload.campaigns));
  return 'error' in result ? rejectWithValue(result.error) : result.payload.campaigns;
});

export const fetchCampaign = createAsyncThunk<Campaign, string, Rejects>('campaigns/fetchOne', async (id, { rejectWithValue }) => {
  const result = await read(() => getCampaign(id), CAMPAIGN_TEXTS.campaignFailed, (payload) => Boolean(payload.campaign));
  return 'error' in result ? rejectWithValue(result.error) : result.payload.campaign;
});

export const createCampaign = createAsyncThunk<CampaignChange, CampaignCreate, Rejects>('campaigns/create', async (body, { rejectWithValue }) => {
  const result = await change(() => postCampaign(body), CAMPAIGN_MESSAGES.created, CAMPAIGN_TEXTS.saveFailed);
  return 'error' in result ? rejectWithValue(result.error) : result.changed;
});

export const saveCampaign = createAsyncThunk<CampaignChange, { id: string; body: CampaignUpdate }, Rejects>('campaigns/save', async ({ id, body }, { rejectWithValue }) => {
  const result = await change(() => patchCampaign(id, body), CAMPAIGN_MESSAGES.saved, CAMPAIGN_TEXTS.saveFailed);
  return 'error' in result ? rejectWithValue(result.error) : result.changed;
});

const ACTION_SUCCESS: Record<CampaignAction, string> = {
  send: CAMPAIGN_MESSAGES.sendStarted,
  pause: CAMPAIGN_MESSAGES.paused,
  resume: CAMPAIGN_MESSAGES.resumed,
  cancel: CAMPAIGN_MESSAGES.cancelled,
  unschedule: CAMPAIGN_MESSAGES.unscheduled,
  duplicate: CAMPAIGN_MESSAGES.duplicated,
};

/** Send, pause, resume, cancel, unschedule or duplicate (which answers the new draft). */
export const runCampaignAction = createAsyncThunk<CampaignChange, { id: string; action: CampaignAction }, Rejects>(
  'campaigns/action',
  async ({ id, action }, { rejectWithValue }) => {
    const result = await change(() => postCampaignAction(id, action), ACTION_SUCCESS[action], CAMPAIGN_TEXTS.actionFailed);
    return 'error' in result ? rejectWithValue(result.error) : result.changed;
  },
);

export const scheduleCampaign = createAsyncThunk<CampaignChange, { id: string; body: CampaignSchedule }, Rejects>('campaigns/schedule', async ({ id, body }, { rejectWithValue }) => {
  const result = await change(() => postSchedule(id, body), CAMPAIGN_MESSAGES.scheduled, CAMPAIGN_TEXTS.actionFailed);
  return 'error' in result ? rejectWithValue(result.error) : result.changed;
});

/** Resolves with the message to show. */
export const removeCampaign = createAsyncThunk<string, string, Rejects>('campaigns/remove', async (id, { rejectWithValue }) => {
  const result = await settle(() => deleteCampaign(id), CAMPAIGN_TEXTS.actionFailed);
  return result.ok ? (payloadMessage(result.body) ?? CAMPAIGN_MESSAGES.deleted) : rejectWithValue(failure(result));
});

/** Resolves with the message to show. */
export const sendTest = createAsyncThunk<string, { id: string; body: CampaignTestSend }, Rejects>('campaigns/test', async ({ id, body }, { rejectWithValue }) => {
  const result = await settle(() => postTestSend(id, body), CAMPAIGN_TEXTS.actionFailed);
  return result.ok ? (payloadMessage(result.body) ?? CAMPAIGN_MESSAGES.testSent(body.recipients.length)) : rejectWithValue(failure(result));
});

export const previewCampaign = createAsyncThunk<CampaignPreview, CampaignPreviewRequest, Rejects>('campaigns/preview', async (body, { rejectWithValue }) => {
  const result = await read(() => postPreview(body), CAMPAIGN_TEXTS.previewFailed, (payload) => typeof payload.html === 'string');
  return 'error' in result ? rejectWithValue(result.error) : result.payload;
});

/** The lists and segments a campaign can go to. */
export const fetchAudienceChoices = createAsyncThunk<{ lists: AudienceList[]; segments: Segment[] }, void, Rejects>(
  'campaigns/audienceChoices',
  async (_none, { rejectWithValue }) => {
    const [lists, segments] = await Promise.all([
      read(getAudienceLists, CAMPAIGN_TEXTS.audienceFailed, (payload) => Array.isArray(payload.lists)),
      read(getAudienceSegments, CAMPAIGN_TEXTS.audienceFailed, (payload) => Array.isArray(payload.segments)),
    ]);
    if ('error' in lists) return rejectWithValue(lists.error);
    if ('error' in segments) return rejectWithValue(segments.error);
    return { lists: lists.payload.lists, segments: segments.payload.segments };
  },
);

/** What a thunk rejected with, as a failure to show, whatever it was. */
export function asCampaignFailure(reason: unknown, fallback: string): CampaignFailure {
  const candidate = reason as Partial<CampaignFailure> | null;
  return typeof candidate?.message === 'string'
    ? { message: candidate.message, errors: candidate.errors ?? {}, status: candidate.status ?? 0 }
    : { message: fallback, errors: {}, status: 0 };
}
