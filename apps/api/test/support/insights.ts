import type { InsightsRefresh } from '@postlark/shared/insights';
import { expect } from 'vitest';
import type { useAccountsApp } from './accounts-app';
import { callWithKey } from './api-keys';
import { eventually } from './eventually';

type AccountsApp = ReturnType<typeof useAccountsApp>;

/** Asks for an insights refresh through the API and waits for the worker to finish it. */
export async function refreshedInsights(accounts: AccountsApp, key: string, body: object = {}): Promise<InsightsRefresh> {
  const started = await callWithKey(accounts, key, 'POST', 'insights/refresh', body);
  expect(started.statusCode).toBe(202);
  const { id } = started.json().payload as InsightsRefresh;
  return eventually(
    async () => {
      const state = (await callWithKey(accounts, key, 'GET', `insights/refresh/${id}`)).json().payload as InsightsRefresh;
      expect(state.status).not.toBe('failed');
      return state.status === 'done' ? state : undefined;
    },
    { timeoutMs: 20_000, what: 'the refresh' },
  );
}

/**
 * The insights services' dependencies on the app's clock and database, with a queue that only
 * records what it is given: the schedule's decisions are then what insight_refreshes holds.
 */
export function recordingInsightsDeps(accounts: AccountsApp) {
  const queued: string[] = [];
  const deps = {
    get db() {
      return accounts.database.db;
    },
    now: () => accounts.now(),
    queueRefresh: async (id: string) => {
      queued.push(id);
    },
  };
  return { deps, queued };
}
