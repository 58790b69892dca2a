import type { ApiMessage } from '@postlark/shared/api-response';
import type { SeedList, SeedListCreate } from '@postlark/shared/seed-lists';
import { webEnv } from '../../config/env';
import { requestJson } from '../../lib/api-client';

// Seed lists (issue 30, point 5): the Senders page's card and the test-send dialog's choice.

const seedListsUrl = (path = '') => `${webEnv.apiBase}campaigns/v1/seed-lists${path}`;

export function getSeedLists() {
  return requestJson<{ payload: { seed_lists: SeedList[] } }>('GET', seedListsUrl());
}

export function postSeedList(body: SeedListCreate) {
  return requestJson<{ payload: { message: string; seed_list: SeedList } }>('POST', seedListsUrl(), body);
}

export function deleteSeedList(id: string) {
  return requestJson<ApiMessage>('DELETE', seedListsUrl(`/${encodeURIComponent(id)}`));
}
