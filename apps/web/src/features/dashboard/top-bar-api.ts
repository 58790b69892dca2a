import type { CalendarAnswer } from '@postlark/shared/campaign-calendar';
import type { SearchAnswer } from '@postlark/shared/search';
import { webEnv } from '../../config/env';
import { requestJson } from '../../lib/api-client';

/** The top bar's search; `signal` drops an answer a newer query has made stale. */
export function getSearch(q: string, signal: AbortSignal) {
  return requestJson<{ payload: SearchAnswer }>('GET', `${webEnv.apiBase}home/v1/search?${new URLSearchParams({ q }).toString()}`, undefined, signal);
}

/** The campaigns going out in [from, to): the calendar's visible weeks. */
export function getCalendar(from: Date, to: Date, signal: AbortSignal) {
  const query = new URLSearchParams({
    from: from.toISOString(),
    to: to.toISOString(),
  });
  return requestJson<{ payload: CalendarAnswer }>('GET', `${webEnv.apiBase}campaigns/v1/calendar?${query.toString()}`, undefined, signal);
}
