import type { HistoryPage, PersonWrite, PlatformClient, RemoteAudience, UpsertResult } from '../platform-client';
import { PlatformError } from '../platform-client';
import { type PlatformAnswer, type PlatformHttpSettings, type PlatformRequest, type PlatformRules, PLATFORM_HTTP_DEFAULTS, platformRequest, RateBudget } from '../platform-http';
import { type BrevoContactJson, activitiesOf, mergeTagOf, noticesOf, personOf, reportOf } from './mapping';

// Brevo (API v3) behind the one PlatformClient interface (decision 011). The key goes in the `api-key`
// header. Every answer carries x-sib-ratelimit-limit/remaining/reset (reset: seconds from now) for its
// endpoint family, /contacts* and the rest having separate budgets, and a 429 has no Retry-After: each
// family keeps a RateBudget that stops at 0 remaining until the reset, and a 429 waits for the reset.
// Sources: developers.brevo.com (get-contacts-from-list, create-contact, update-contact, get-contact-stats,
// create-webhook, create-email-campaign, send-email-campaign-now, update-email-campaign, get-email-campaign,
// add-contact-to-list, docs/api-limits, docs/limit-headers, docs/marketing-webhooks), and
// sendinblue/APIv3-python-library#97 (a campaign's statistics are only right when `statistics=globalStats`
// is asked for).

type Family = 'contacts' | 'others';

/** Brevo's page limits: lists at most 50, a list's contacts at most 500. */
/** Why a write asking Brevo to take someone back is refused. */
export const BREVO_KEEPS_OPT_OUT = 'Brevo keeps this address blocklisted: only the person can subscribe again.';

const LIST_PAGE = 50;
const CONTACT_PAGE = 500;
/** Contacts read per history page, and the campaignStats calls one page makes at most (each is one contact × one window). */
const HISTORY_CONTACTS = 50;
const HISTORY_CALLS = 50;
/** campaignStats takes at most 90 days between startDate and endDate. */
const WINDOW_DAYS = 90;
/** AddContactToList takes at most 150 addresses per call. */
const ADD_BATCH = 150;
const DAY_MS = 86_400_000;

const cursorOf = <T>(cursor: string | null, fallback: T): T => {
  if (!cursor) return fallback;
  try {
    return { ...fallback, ...(JSON.parse(cursor) as Partial<T>) };
  } catch {
    return fallback;
  }
};

const day = (at: number) => new Date(at).toISOString().slice(0, 10);

/** The 90-day windows from `since`'s day to today's, oldest first, as YYYY-MM-DD pairs. */
function windowsFrom(since: Date, now: number): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  const today = Date.parse(day(now));
  for (let start = Date.parse(day(since.getTime())); start <= today; start += (WINDOW_DAYS + 1) * DAY_MS) {
    out.push([day(start), day(Math.min(start + WINDOW_DAYS * DAY_MS, today))]);
  }
  return out;
}

export function brevoClient(options: { apiUrl: string; apiKey: string; http?: PlatformHttpSettings }): PlatformClient {
  const http = options.http ?? PLATFORM_HTTP_DEFAULTS;
  const now = () => (http.now ?? Date.now)();
  const base = options.apiUrl.replace(/(?<!\/)\/+$/, '');
  // Brevo's messages do not echo the key, but nothing we store or show may carry it.
  const scrub = (message: string) => (options.apiKey ? message.split(options.apiKey).join('[key]') : message);

  const resetMs = (answer: PlatformAnswer): number | null => {
    const seconds = Number(answer.headers.get('x-sib-ratelimit-reset'));
    return answer.headers.has('x-sib-ratelimit-reset') && Number.isFinite(seconds) && seconds >= 0 ? seconds * 1000 : null;
  };

  const errorOf = (answer: PlatformAnswer): PlatformError => {
    const body = (answer.json ?? {}) as { code?: unknown; message?: unknown };
    const message = scrub(typeof body.message === 'string' && body.message ? body.message : `Brevo answered ${answer.status}.`);
    const { status } = answer;
    if (status === 401) return new PlatformError('unauthorized', message, status);
    // 402: not enough credits for the campaign's recipients.
    if (status === 402) return new PlatformError('plan_limit', message, status);
    // 403 permission_denied: the key's IP is not authorised, or the account may not do this.
    if (status === 403) return new PlatformError(/plan|upgrade|subscription|credit/i.test(message) ? 'plan_limit' : 'unauthorized', message, status);
    if (status === 404) return new PlatformError('not_found', message, status);
    if (status === 429) {
      const wait = resetMs(answer);
      return new PlatformError('rate_limited', message, status, wait === null ? null : new Date(now() + wait));
    }
    if (status >= 500) return new PlatformError('transient', message, status);
    return new PlatformError('refused', message, status);
  };

  const rulesFor = (budget: RateBudget): PlatformRules => ({
    retryAfterMs: (answer) => resetMs(answer),
    errorOf,
    observe: (answer, at) => {
      const wait = resetMs(answer);
      if (answer.headers.get('x-sib-ratelimit-remaining') === '0' && wait !== null) budget.exhaustedUntil(at + wait);
    },
    acquire: async () => {
      await budget.ready();
      return () => {};
    },
  });
  const rules: Record<Family, PlatformRules> = { contacts: rulesFor(new RateBudget(http)), others: rulesFor(new RateBudget(http)) };

  const call = async <T = Record<string, unknown>>(method: PlatformRequest['method'], path: string, body?: unknown): Promise<{ status: number; json: T }> => {
    const family: Family = path.startsWith('/contacts') ? 'contacts' : 'others';
    const answer = await platformRequest({ method, url: `${base}${path}`, headers: { 'api-key': options.apiKey }, ...(body !== undefined ? { body } : {}) }, rules[family], http);
    return { status: answer.status, json: (answer.json ?? {}) as T };
  };

  const listId = (audienceId: string) => {
    if (!/^\d+$/.test(audienceId)) throw new PlatformError('not_found', `Brevo has no list ${audienceId}.`, 404);
    return Number(audienceId);
  };

  const contactId = async (email: string): Promise<string> => {
    const { json } = await call<{ id: number }>('GET', `/contacts/${encodeURIComponent(email)}`);
    return String(json.id);
  };

  // ---- lists standing for tags (Brevo contacts have no tags; campaigns go to lists) -------------------------
  const tagLists = new Map<string, number>();
  const tagListName = (tag: string) => `postlark:${tag}`;

  const findList = async (name: string): Promise<number | null> => {
    const cached = tagLists.get(name);
    if (cached !== undefined) return cached;
    for (let offset = 0; ; offset += LIST_PAGE) {
      const { json } = await call<{ lists?: Array<{ id: number; name: string }>; count?: number }>('GET', `/contacts/lists?limit=${LIST_PAGE}&offset=${offset}&sort=asc`);
      const lists = json.lists ?? [];
      const found = lists.find((list) => list.name === name);
      if (found) {
        tagLists.set(name, found.id);
        return found.id;
      }
      if (lists.length < LIST_PAGE) return null;
    }
  };

  /** The list `postlark:<tag>`, made in the audience's folder when it is not there yet. */
  const tagList = async (audienceId: string, tag: string): Promise<number> => {
    const name = tagListName(tag);
    const found = await findList(name);
    if (found !== null) return found;
    const { json: audience } = await call<{ folderId?: number }>('GET', `/contacts/lists/${listId(audienceId)}`);
    const { json } = await call<{ id: number }>('POST', '/contacts/lists', { name, folderId: audience.folderId ?? 1 });
    tagLists.set(name, json.id);
    return json.id;
  };

  const upsert = async (audienceId: string, person: PersonWrite): Promise<UpsertResult> => {
    const email = person.email.trim().toLowerCase();
    // Brevo has no way back through its API for someone blocklisted: only the person can subscribe again.
    if (person.status === 'pending') throw new PlatformError('refused', BREVO_KEEPS_OPT_OUT, null);
    if (person.status === 'left') {
      // Left the linked list only: unlinked from that Brevo list, not blocklisted from every email of the account.
      await call('PUT', `/contacts/${encodeURIComponent(email)}`, { unlinkListIds: [listId(audienceId)] });
      return { remoteId: await contactId(email) };
    }
    const optOut = person.status !== 'subscribed';
    const attributes: Record<string, string> = { ...person.fields };
    if (person.firstName) attributes.FIRSTNAME = person.firstName;
    if (person.lastName) attributes.LASTNAME = person.lastName;
    const listIds = [listId(audienceId)];
    for (const tag of person.tags ?? []) listIds.push(await tagList(audienceId, tag));
    // updateEnabled always: without it an existing address is refused as duplicate_parameter. An opt-out
    // (unsubscribe, bounce, complaint alike) is Brevo's blocklist, set in the same call. A subscribed write
    // never lifts a blocklist: an opt-out made on Brevo since our last poll must win (decision 011).
    const statusAlone = { email, listIds: [listId(audienceId)], updateEnabled: true, ...(optOut ? { emailBlacklisted: true } : {}) };
    let answer: { status: number; json: { id?: number } };
    let fieldsRefused: string | undefined;
    try {
      answer = await call<{ id?: number }>('POST', '/contacts', person.statusOnly ? statusAlone : { ...statusAlone, attributes, listIds });
    } catch (error) {
      // An attribute's value refused must not cost an opt-out: the blocklist alone, the refusal still told.
      if (!(error instanceof PlatformError && error.kind === 'refused' && optOut && !person.statusOnly)) throw error;
      answer = await call<{ id?: number }>('POST', '/contacts', statusAlone);
      fieldsRefused = error.message;
    }
    // 201 {id} for a new contact; an update answers 204 without one.
    const remoteId = answer.status === 201 && typeof answer.json.id === 'number' ? String(answer.json.id) : await contactId(email);
    return fieldsRefused === undefined ? { remoteId } : { remoteId, fieldsRefused };
  };

  // ---- history ---------------------------------------------------------------------------------------------
  const campaignNames = new Map<number, string>();
  const campaignName = async (id: number): Promise<string> => {
    const cached = campaignNames.get(id);
    if (cached !== undefined) return cached;
    let name = '';
    try {
      const { json } = await call<{ name?: string }>('GET', `/emailCampaigns/${id}`);
      name = json.name ?? '';
    } catch (error) {
      // A deleted campaign keeps its activities, without a name.
      if (!(error instanceof PlatformError && error.kind === 'not_found')) throw error;
    }
    campaignNames.set(id, name);
    return name;
  };

  const history = async (audienceId: string, since: Date, cursor: string | null): Promise<HistoryPage> => {
    const list = listId(audienceId);
    const position = cursorOf(cursor, { offset: 0, window: 0 });
    const windows = windowsFrom(since, now());
    const { json } = await call<{ contacts?: BrevoContactJson[]; count?: number }>('GET', `/contacts/lists/${list}/contacts?limit=${HISTORY_CONTACTS}&offset=${position.offset}&sort=asc`);
    const contacts = json.contacts ?? [];
    const total = json.count ?? position.offset + contacts.length;
    const activities: HistoryPage['activities'] = [];
    let { offset, window } = position;
    let calls = 0;
    for (const contact of contacts) {
      for (; window < windows.length && calls < HISTORY_CALLS; window++, calls++) {
        const [startDate, endDate] = windows[window]!;
        const { json: stats } = await call('GET', `/contacts/${contact.id}/campaignStats?startDate=${startDate}&endDate=${endDate}`);
        activities.push(...activitiesOf(contact.email.trim().toLowerCase(), stats, since, () => ''));
      }
      if (window < windows.length) break;
      offset += 1;
      window = 0;
    }
    for (const activity of activities) activity.campaignName = await campaignName(Number(activity.campaignRef.slice('brevo:'.length)));
    const done = contacts.length === 0 || offset >= total;
    return { activities, next: done ? null : JSON.stringify({ offset, window }), progress: { done: Math.min(offset, total), total } };
  };

  return {
    platform: 'brevo',

    async account() {
      const { json } = await call<{ email?: string; companyName?: string }>('GET', '/account');
      const email = json.email ?? '';
      return { name: json.companyName || email, ref: email };
    },

    async audiences() {
      const out: RemoteAudience[] = [];
      for (let offset = 0; ; offset += LIST_PAGE) {
        const { json } = await call<{ lists?: Array<{ id: number; name: string; totalSubscribers?: number }> }>('GET', `/contacts/lists?limit=${LIST_PAGE}&offset=${offset}&sort=asc`);
        const lists = json.lists ?? [];
        // Our own tag lists are splits of an audience, not audiences.
        for (const list of lists) if (!list.name.startsWith('postlark:')) out.push({ id: String(list.id), name: list.name, size: list.totalSubscribers ?? null });
        if (lists.length < LIST_PAGE) return out;
      }
    },

    async fieldNames(audienceId) {
      listId(audienceId);
      // Attributes are the account's, not a list's: every list has them all.
      const { json } = await call<{ attributes?: Array<{ name: string; category?: string }> }>('GET', '/contacts/attributes');
      return (json.attributes ?? []).filter((attribute) => !attribute.category || attribute.category === 'normal').map((attribute) => attribute.name);
    },

    async people(audienceId, query) {
      const list = listId(audienceId);
      const { offset } = cursorOf(query.cursor, { offset: 0 });
      // Ascending by creation keeps offsets stable while new contacts arrive; modifiedSince is strictly
      // after, and asked a second early so a change in the cursor's own second is not lost.
      const params = new URLSearchParams({ limit: String(CONTACT_PAGE), offset: String(offset), sort: 'asc' });
      if (query.changedSince) params.set('modifiedSince', new Date(query.changedSince.getTime() - 1000).toISOString());
      const { json } = await call<{ contacts?: BrevoContactJson[]; count?: number }>('GET', `/contacts/lists/${list}/contacts?${params}`);
      const contacts = json.contacts ?? [];
      const total = json.count ?? null;
      const reached = offset + contacts.length;
      const more = contacts.length > 0 && (total === null ? contacts.length === CONTACT_PAGE : reached < total);
      return { people: contacts.map((contact) => personOf(contact, list)), next: more ? JSON.stringify({ offset: reached }) : null, total };
    },

    upsert,

    async upsertMany(audienceId, people) {
      // One by one (POST /contacts/import is asynchronous, a process to poll): within the contacts budget.
      const out: Array<UpsertResult | PlatformError> = [];
      for (const person of people) {
        try {
          out.push(await upsert(audienceId, person));
        } catch (error) {
          if (!(error instanceof PlatformError)) throw error;
          out.push(error);
          // A broken key or a spent budget fails the rest alike: no point spending calls on them.
          if (error.kind === 'unauthorized' || error.kind === 'rate_limited') {
            while (out.length < people.length) out.push(error);
            break;
          }
        }
      }
      return out;
    },

    history,

    webhooks: {
      async register(audienceId, url, secret) {
        listId(audienceId);
        // Marketing webhooks are the account's (type defaults to transactional); registered under these
        // names, delivered as unsubscribed, hard_bounced, spam, list_addition, contact_updated.
        const { json } = await call<{ id: number }>('POST', '/webhooks', {
          url,
          description: 'Postlark sync',
          events: ['unsubscribed', 'hardBounce', 'spam', 'listAddition', 'contactUpdated'],
          type: 'marketing',
          auth: { type: 'bearer', token: secret },
        });
        return { id: String(json.id) };
      },
      async remove(_audienceId, id) {
        try {
          await call('DELETE', `/webhooks/${encodeURIComponent(id)}`);
        } catch (error) {
          // Already gone is removed.
          if (!(error instanceof PlatformError && error.kind === 'not_found')) throw error;
        }
      },
      // The receiver checks the URL's secret (the Bearer token is the same secret): this only reads.
      parse: (body) => noticesOf(body, new Date(now())),
    },

    campaigns: {
      async tag(audienceId, tag, emails) {
        const id = await tagList(audienceId, tag);
        for (let start = 0; start < emails.length; start += ADD_BATCH) {
          const batch = emails.slice(start, start + ADD_BATCH).map((email) => email.trim().toLowerCase());
          try {
            await call('POST', `/contacts/lists/${id}/contacts/add`, { emails: batch });
          } catch (error) {
            // Brevo refuses a call that added no one: they were all in the list already (a retried tag).
            if (!(error instanceof PlatformError && error.kind === 'refused' && /already in list/i.test(error.message))) throw error;
          }
        }
      },
      async create(audienceId, draft) {
        const listIds = [draft.tag === null ? listId(audienceId) : await findList(tagListName(draft.tag))];
        if (listIds[0] === null) throw new PlatformError('not_found', `No one is tagged ${draft.tag} on Brevo yet.`, 404);
        const { json } = await call<{ id: number }>('POST', '/emailCampaigns', {
          name: draft.title,
          subject: draft.subject,
          previewText: draft.preheader,
          sender: { name: draft.fromName, email: draft.fromEmail },
          replyTo: draft.replyTo,
          htmlContent: draft.html,
          recipients: { listIds },
        });
        return { id: String(json.id) };
      },
      async send(id, at) {
        const path = `/emailCampaigns/${encodeURIComponent(id)}`;
        // Brevo schedules to the second, in the future only: a time already past sends now.
        if (at && at.getTime() > now()) await call('PUT', path, { scheduledAt: at.toISOString() });
        else await call('POST', `${path}/sendNow`);
      },
      async report(id) {
        const { json } = await call(`GET`, `/emailCampaigns/${encodeURIComponent(id)}?statistics=globalStats`);
        return reportOf(json);
      },
      mergeTag: mergeTagOf,
    },
  };
}
