import type { ApiMessage } from '@postlark/shared/api-response';
import type { Campaign, CampaignCreate, CampaignPreview, CampaignPreviewRequest, CampaignSchedule, CampaignTestSend, CampaignUpdate } from '@postlark/shared/campaigns';
import type { AudienceList, SubscribersPage } from '@postlark/shared/audience';
import type { EmailPlatformId } from '@postlark/shared/integrations';
import type { Segment } from '@postlark/shared/segments';
import { webEnv } from '../../config/env';
import { requestJson } from '../../lib/api-client';

const campaignsUrl = (path = '') => `${webEnv.apiBase}campaigns/v1/campaigns${path}`;
const campaignUrl = (id: string, action = '') => campaignsUrl(`/${encodeURIComponent(id)}${action ? `/${action}` : ''}`);

export type SavedCampaign = { payload: { message: string; campaign: Campaign } };
/** The sending controls, each a POST on the campaign with no body. */
export type CampaignAction = 'send' | 'pause' | 'resume' | 'cancel' | 'unschedule' | 'duplicate';

/** Every campaign; only those a platform delivered when one is given (the sidebar's sub-items). */
export function getCampaigns(platform: EmailPlatformId | null = null) {
  const query = platform ? `?${new URLSearchParams({ platform }).toString()}` : '';
  return requestJson<{ payload: { campaigns: Campaign[] } }>('GET', campaignsUrl(query));
}

export function getCampaign(id: string) {
  return requestJson<{ payload: { campaign: Campaign } }>('GET', campaignUrl(id));
}

export function postCampaign(body: CampaignCreate) {
  return requestJson<SavedCampaign>('POST', campaignsUrl(), body);
}

export function patchCampaign(id: string, body: CampaignUpdate) {
  return requestJson<SavedCampaign>('PATCH', campaignUrl(id), body);
}

export function deleteCampaign(id: string) {
  return requestJson<ApiMessage>('DELETE', campaignUrl(id));
}

export function postCampaignAction(id: string, action: CampaignAction) {
  return requestJson<SavedCampaign>('POST', campaignUrl(id, action));
}

/** The campaign as it is saved now, to up to five addresses, for a sample subscriber. */
export function postTestSend(id: string, body: CampaignTestSend) {
  return requestJson<ApiMessage>('POST', campaignUrl(id, 'test'), body);
}

export function postSchedule(id: string, body: CampaignSchedule) {
  return requestJson<SavedCampaign>('POST', campaignUrl(id, 'schedule'), body);
}

/** The editor's fields as on screen, rendered with the real footer, and their merge-tag problems. */
export function postPreview(body: CampaignPreviewRequest) {
  return requestJson<{ payload: CampaignPreview }>('POST', `${webEnv.apiBase}campaigns/v1/preview`, body);
}

// The audience picker's choices come from the audience's own endpoints.
export function getAudienceLists() {
  return requestJson<{ payload: { lists: AudienceList[] } }>('GET', `${webEnv.apiBase}audience/v1/lists`);
}

export function getAudienceSegments() {
  return requestJson<{ payload: { segments: Segment[] } }>('GET', `${webEnv.apiBase}audience/v1/segments`);
}

/** "Preview as": the account's subscribers matching a search (name or email), a few at a time. */
export function getSubscriberMatches(search: string) {
  return requestJson<{ payload: SubscribersPage }>('GET', `${webEnv.apiBase}audience/v1/subscribers?${new URLSearchParams({ q: search, limit: '6' }).toString()}`);
}
