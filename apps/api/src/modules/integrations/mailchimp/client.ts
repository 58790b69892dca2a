import { createHash } from 'node:crypto';
import { type HistoryActivity, isOptOutWrite, type PeoplePage, type PersonWrite, type PlatformClient, PlatformError, type RemoteCampaignReport, type UpsertResult } from '../platform-client';
import { type PlatformAnswer, PLATFORM_HTTP_DEFAULTS, type PlatformHttpSettings, type PlatformRequest, type PlatformRules, platformRequest } from '../platform-http';
import { baseRules, MEMBER_FIELDS, type MemberJson, mergeFieldsOf, parseWebhook, personOf, subscriberHash } from './mapping';
import { dataCentreOfKey } from './oauth';
import { keyPools } from './pools';

// Mailchimp's Marketing API 3.0 behind the one PlatformClient interface (decision 011). Sources: the
// Marketing API reference (lists, members with sort_field/sort_dir and since_last_changed, merge-fields,
// segments, webhooks, campaigns, reports/sent-to and email-activity) as mirrored by the
// mailchimp-marketing SDKs' docs; the quirks the fake keeps (apps/api/test/support/fakes/mailchimp.ts).
//
// - At most 10 requests in flight per key (a 429 past that, no Retry-After): one pool of 10 per
//   credential, shared by every client made for it in this process.
// - Tags ARE static segments: a campaign's tag is a static segment, sent to with saved_segment_id.
// - A campaign's "reply_to" is also its From address: Mailchimp has no separate reply-to.

/** Credentials whose pools this process keeps (about a few hundred bytes each); past it the least recently used go. */
const POOL_KEYS = 1_000;
const POOLS = keyPools({ maxKeys: POOL_KEYS, perKey: 10 });

/** Each request asks for the key's pool afresh, so a pool evicted meanwhile is never lent from again. */
function poolFor(secret: string): () => Promise<() => void> {
  // Keyed by a digest so the secret itself is not kept as a map key.
  const key = createHash('sha256').update(secret).digest('hex');
  return () => POOLS.pool(key).acquire();
}

const PAGE = 1000;
/** Members re-read at each page boundary: offset paging on last_changed shifts when someone changes mid-import. */
const OVERLAP = 10;
const QUARTER_HOUR = 15 * 60_000;

const iso = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, '+00:00');

interface PeopleCursor {
  /** live: the default listing (everyone but archived); archived: the archived ones changed since (polls only). */
  phase: 'live' | 'archived';
  offset: number;
  /** Subscriber hashes at the end of the previous page, read again in the overlap and dropped. */
  seen: string[];
}

interface HistoryCursor {
  campaigns: Array<{ id: string; name: string; sentAt: string }>;
  index: number;
  phase: 'sent' | 'activity';
  offset: number;
}

export function mailchimpClient(options: { apiUrl: string; auth: { kind: 'oauth' | 'api_key'; secret: string }; http?: PlatformHttpSettings }): PlatformClient {
  const base = `${options.apiUrl.replace(/(?<!\/)\/+$/, '')}/3.0`;
  const http = options.http ?? PLATFORM_HTTP_DEFAULTS;
  const authorization =
    options.auth.kind === 'api_key' ? `Basic ${Buffer.from(`postlark:${options.auth.secret}`).toString('base64')}` : `Bearer ${options.auth.secret}`;
  const rules: PlatformRules = { ...baseRules, acquire: poolFor(options.auth.secret) };

  const call = async (method: PlatformRequest['method'], path: string, body?: unknown): Promise<PlatformAnswer> =>
    platformRequest({ method, url: `${base}${path}`, headers: { authorization }, body }, rules, http);
  const json = async <T>(method: PlatformRequest['method'], path: string, body?: unknown): Promise<T> => {
    const answer = await call(method, path, body);
    if (answer.json === undefined || answer.json === null || typeof answer.json !== 'object') {
      throw new PlatformError('transient', 'Mailchimp answered something that is not JSON.', answer.status);
    }
    return answer.json as T;
  };
  const query = (params: Record<string, string | number | undefined>) => {
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(params)) if (value !== undefined) search.set(key, String(value));
    return search.toString();
  };

  /** The static segment (tag) of this name, or null. */
  const findSegment = async (audienceId: string, name: string): Promise<number | null> => {
    for (let offset = 0; ; offset += PAGE) {
      const page = await json<{ segments: Array<{ id: number; name: string }>; total_items: number }>(
        'GET',
        `/lists/${encodeURIComponent(audienceId)}/segments?${query({ type: 'static', count: PAGE, offset, fields: 'segments.id,segments.name,total_items' })}`,
      );
      const found = page.segments.find((segment) => segment.name === name);
      if (found) return found.id;
      if (offset + PAGE >= page.total_items) return null;
    }
  };

  const upsert = async (audienceId: string, person: PersonWrite): Promise<UpsertResult> => {
    const hash = subscriberHash(person.email);
    // Mailchimp's 'cleaned' cannot be written: every opt-out is 'unsubscribed' there (the audience is
    // the list, so leaving it is unsubscribing too); 'pending' makes Mailchimp mail its own confirmation.
    const status = person.status === 'subscribed' || person.status === 'pending' ? person.status : 'unsubscribed';
    const path = `/lists/${encodeURIComponent(audienceId)}/members/${hash}?fields=id`;
    const statusAlone = { email_address: person.email, status_if_new: status, status };
    let member: MemberJson;
    try {
      member = await json<MemberJson>('PUT', path, person.statusOnly ? statusAlone : { ...statusAlone, merge_fields: mergeFieldsOf(person.firstName, person.lastName, person.fields) });
    } catch (error) {
      // A merge field's value refused (a field deleted or retyped there) must not cost an opt-out: the status alone.
      if (!(error instanceof PlatformError && error.kind === 'refused' && isOptOutWrite(person) && !person.statusOnly)) throw error;
      const alone = await json<MemberJson>('PUT', path, statusAlone);
      return { remoteId: alone.id ?? hash, fieldsRefused: error.message };
    }
    if (person.tags?.length) {
      await call('POST', `/lists/${encodeURIComponent(audienceId)}/members/${hash}/tags`, { tags: person.tags.map((name) => ({ name, status: 'active' })) });
    }
    return { remoteId: member.id ?? hash };
  };

  const readPeople = async (audienceId: string, changedSince: Date | null, cursorText: string | null): Promise<PeoplePage> => {
    const cursor: PeopleCursor = cursorText ? (JSON.parse(cursorText) as PeopleCursor) : { phase: 'live', offset: 0, seen: [] };
    // since_last_changed is strictly after and to the second: ask a second earlier, the caller drops repeats.
    const since = changedSince ? iso(new Date(Math.floor(changedSince.getTime() / 1000) * 1000 - 1000)) : undefined;
    const start = Math.max(0, cursor.offset - cursor.seen.length);
    const page = await json<{ members: MemberJson[]; total_items: number }>(
      'GET',
      `/lists/${encodeURIComponent(audienceId)}/members?${query({
        count: PAGE,
        offset: start,
        since_last_changed: since,
        status: cursor.phase === 'archived' ? 'archived' : undefined,
        sort_field: 'last_changed',
        sort_dir: 'ASC',
        fields: [...MEMBER_FIELDS.map((field) => `members.${field}`), 'total_items'].join(','),
      })}`,
    );
    const seen = new Set(cursor.seen);
    const people = page.members.filter((member) => !seen.has(member.id)).map(personOf);
    const end = start + page.members.length;
    let next: PeopleCursor | null = null;
    if (page.members.length > 0 && end < page.total_items) next = { phase: cursor.phase, offset: end, seen: page.members.slice(-OVERLAP).map((member) => member.id) };
    // A poll also reads who was archived since (the default listing leaves them out); an import does not.
    else if (cursor.phase === 'live' && changedSince) next = { phase: 'archived', offset: 0, seen: [] };
    return { people, next: next ? JSON.stringify(next) : null, total: page.total_items };
  };

  const history = async (audienceId: string, since: Date, cursorText: string | null) => {
    let cursor: HistoryCursor;
    if (cursorText) cursor = JSON.parse(cursorText) as HistoryCursor;
    else {
      const campaigns: HistoryCursor['campaigns'] = [];
      for (let offset = 0; ; offset += PAGE) {
        const page = await json<{ campaigns: Array<{ id: string; send_time: string; settings?: { title?: string; subject_line?: string } }>; total_items: number }>(
          'GET',
          `/campaigns?${query({ status: 'sent', list_id: audienceId, since_send_time: iso(since), count: PAGE, offset, sort_field: 'send_time', sort_dir: 'ASC', fields: 'campaigns.id,campaigns.send_time,campaigns.settings.title,campaigns.settings.subject_line,total_items' })}`,
        );
        for (const campaign of page.campaigns) campaigns.push({ id: campaign.id, name: campaign.settings?.title || campaign.settings?.subject_line || campaign.id, sentAt: campaign.send_time });
        if (offset + PAGE >= page.total_items || page.campaigns.length === 0) break;
      }
      cursor = { campaigns, index: 0, phase: 'sent', offset: 0 };
    }
    const campaign = cursor.campaigns[cursor.index];
    if (!campaign) return { activities: [], next: null, progress: { done: cursor.campaigns.length, total: cursor.campaigns.length } };
    const ref = { campaignRef: `mailchimp:${campaign.id}`, campaignName: campaign.name };
    const activities: HistoryActivity[] = [];
    let total: number;
    let rows: number;
    if (cursor.phase === 'sent') {
      // sent-to lists every recipient with status sent | hard | soft: 'sent' ones were delivered at the send time.
      const page = await json<{ sent_to: Array<{ email_address: string; status: string }>; total_items: number }>(
        'GET',
        `/reports/${encodeURIComponent(campaign.id)}/sent-to?${query({ count: PAGE, offset: cursor.offset, fields: 'sent_to.email_address,sent_to.status,total_items' })}`,
      );
      const at = new Date(campaign.sentAt);
      for (const row of page.sent_to) if (row.status === 'sent' && row.email_address) activities.push({ email: row.email_address.toLowerCase(), kind: 'delivered', at, ...ref });
      total = page.total_items;
      rows = page.sent_to.length;
    } else {
      const page = await json<{ emails: Array<{ email_address: string; activity: Array<{ action: string; timestamp: string; url?: string }> }>; total_items: number }>(
        'GET',
        `/reports/${encodeURIComponent(campaign.id)}/email-activity?${query({ count: PAGE, offset: cursor.offset })}`,
      );
      for (const row of page.emails) {
        for (const event of row.activity) {
          const kind = event.action === 'open' ? 'opened' : event.action === 'click' ? 'clicked' : event.action === 'bounce' ? 'bounced' : null;
          if (!kind || !row.email_address) continue;
          activities.push({ email: row.email_address.toLowerCase(), kind, at: new Date(event.timestamp), ...ref, ...(kind === 'clicked' && event.url ? { url: event.url } : {}) });
        }
      }
      total = page.total_items;
      rows = page.emails.length;
    }
    const offset = cursor.offset + rows;
    let next: HistoryCursor;
    if (rows > 0 && offset < total) next = { ...cursor, offset };
    else if (cursor.phase === 'sent') next = { ...cursor, phase: 'activity', offset: 0 };
    else next = { ...cursor, index: cursor.index + 1, phase: 'sent', offset: 0 };
    const done = next.index >= next.campaigns.length;
    return { activities, next: done ? null : JSON.stringify(next), progress: { done: next.index, total: next.campaigns.length } };
  };

  const campaignStatus = (status: string): RemoteCampaignReport['status'] =>
    status === 'sent' ? 'sent' : status === 'sending' ? 'sending' : status === 'schedule' ? 'scheduled' : 'draft';

  return {
    platform: 'mailchimp',

    async account() {
      const me = await json<{ account_id: string; account_name: string }>('GET', '/?fields=account_id,account_name');
      // The reference is the data centre: the key's suffix, or the API host's first label (us18.api.mailchimp.com).
      const host = new URL(base).hostname.split('.')[0] ?? '';
      const dc = (options.auth.kind === 'api_key' ? dataCentreOfKey(options.auth.secret) : null) ?? (/^[a-z]{2,4}[0-9]{1,3}$/.test(host) ? host : null);
      return { name: me.account_name, ref: dc ?? me.account_id };
    },

    async audiences() {
      const audiences = [];
      for (let offset = 0; ; offset += PAGE) {
        const page = await json<{ lists: Array<{ id: string; name: string; stats?: { member_count?: number } }>; total_items: number }>(
          'GET',
          `/lists?${query({ count: PAGE, offset, fields: 'lists.id,lists.name,lists.stats.member_count,total_items' })}`,
        );
        for (const list of page.lists) audiences.push({ id: list.id, name: list.name, size: list.stats?.member_count ?? null });
        if (offset + PAGE >= page.total_items || page.lists.length === 0) return audiences;
      }
    },

    async fieldNames(audienceId) {
      const page = await json<{ merge_fields: Array<{ tag: string; type: string }> }>(
        'GET',
        `/lists/${encodeURIComponent(audienceId)}/merge-fields?${query({ count: PAGE, fields: 'merge_fields.tag,merge_fields.type' })}`,
      );
      // Named as people() reads them: an address is its parts.
      return page.merge_fields.flatMap((field) => (field.type === 'address' ? ['addr1', 'addr2', 'city', 'state', 'zip', 'country'].map((part) => `${field.tag}.${part}`) : [field.tag]));
    },

    people: (audienceId, { cursor, changedSince }) => readPeople(audienceId, changedSince, cursor),

    upsert,

    // One by one through the pool of 10 (the batch endpoint's per-address errors carry no status to map).
    upsertMany: (audienceId, people) =>
      Promise.all(people.map((person) => upsert(audienceId, person).catch((error: unknown) => (error instanceof PlatformError ? error : new PlatformError('transient', String(error)))))),

    history,

    webhooks: {
      async register(audienceId, url, secret) {
        // Unsigned deliveries: the secret rides in the URL we register.
        const target = new URL(url);
        if (!url.includes(secret)) target.searchParams.set('secret', secret);
        const hook = await json<{ id: string }>('POST', `/lists/${encodeURIComponent(audienceId)}/webhooks`, {
          url: target.toString(),
          events: { subscribe: true, unsubscribe: true, profile: true, cleaned: true, upemail: true, campaign: false },
          // Without api: our own writes do not come back as changes.
          sources: { user: true, admin: true, api: false },
        });
        return { id: hook.id };
      },
      async remove(audienceId, id) {
        try {
          await call('DELETE', `/lists/${encodeURIComponent(audienceId)}/webhooks/${encodeURIComponent(id)}`);
        } catch (error) {
          if (!(error instanceof PlatformError && error.kind === 'not_found')) throw error;
        }
      },
      parse: (body) => parseWebhook(body),
    },

    campaigns: {
      async tag(audienceId, tag, emails) {
        const list = encodeURIComponent(audienceId);
        let segmentId = await findSegment(audienceId, tag);
        if (segmentId === null) segmentId = (await json<{ id: number }>('POST', `/lists/${list}/segments`, { name: tag, static_segment: [] })).id;
        // The batch call takes at most 500 addresses. One that is no longer in the audience (deleted
        // there since it was synced) is left out by Mailchimp and simply does not get the campaign:
        // it must not hold back everyone else's.
        for (let index = 0; index < emails.length; index += 500) {
          await json('POST', `/lists/${list}/segments/${segmentId}`, { members_to_add: emails.slice(index, index + 500) });
        }
      },

      async create(audienceId, draft) {
        const segmentId = draft.tag ? await findSegment(audienceId, draft.tag) : null;
        if (draft.tag && segmentId === null) throw new PlatformError('not_found', `The tag “${draft.tag}” is not in the Mailchimp audience.`, 404);
        const campaign = await json<{ id: string }>('POST', '/campaigns?fields=id', {
          type: 'regular',
          recipients: { list_id: audienceId, ...(segmentId !== null ? { segment_opts: { saved_segment_id: segmentId } } : {}) },
          // reply_to is also the From address in Mailchimp: the sender's address goes there.
          settings: { subject_line: draft.subject, preview_text: draft.preheader, title: draft.title, from_name: draft.fromName, reply_to: draft.fromEmail || draft.replyTo },
        });
        try {
          await call('PUT', `/campaigns/${encodeURIComponent(campaign.id)}/content`, { html: draft.html });
        } catch (error) {
          // No half-made campaign left behind in the customer's account.
          await call('DELETE', `/campaigns/${encodeURIComponent(campaign.id)}`).catch(() => undefined);
          throw error;
        }
        return { id: campaign.id };
      },

      async send(id, at) {
        const path = `/campaigns/${encodeURIComponent(id)}/actions`;
        if (!at) {
          await call('POST', `${path}/send`);
          return;
        }
        // Mailchimp schedules on the quarter-hour only: rounded up.
        const time = Math.ceil(at.getTime() / QUARTER_HOUR) * QUARTER_HOUR;
        await call('POST', `${path}/schedule`, { schedule_time: iso(new Date(time)) });
      },

      async report(id) {
        const campaign = await json<{ status: string; emails_sent?: number; send_time?: string }>('GET', `/campaigns/${encodeURIComponent(id)}?fields=status,emails_sent,send_time`);
        const status = campaignStatus(campaign.status);
        if (status !== 'sent') {
          return { status, sent: campaign.emails_sent ?? 0, delivered: null, uniqueOpens: 0, uniqueClicks: 0, bounces: 0, unsubscribes: 0, complaints: null, sentAt: null };
        }
        const report = await json<{
          emails_sent: number;
          abuse_reports?: number;
          unsubscribed?: number;
          send_time?: string;
          bounces?: { hard_bounces?: number; soft_bounces?: number; syntax_errors?: number };
          opens?: { unique_opens?: number };
          clicks?: { unique_subscriber_clicks?: number; unique_clicks?: number };
        }>('GET', `/reports/${encodeURIComponent(id)}`);
        const bounces = (report.bounces?.hard_bounces ?? 0) + (report.bounces?.soft_bounces ?? 0) + (report.bounces?.syntax_errors ?? 0);
        return {
          status,
          sent: report.emails_sent,
          // Mailchimp reports no delivered count: sent less bounces.
          delivered: Math.max(0, report.emails_sent - bounces),
          uniqueOpens: report.opens?.unique_opens ?? 0,
          uniqueClicks: report.clicks?.unique_subscriber_clicks ?? report.clicks?.unique_clicks ?? 0,
          bounces,
          unsubscribes: report.unsubscribed ?? 0,
          complaints: report.abuse_reports ?? null,
          sentAt: report.send_time ? new Date(report.send_time) : null,
        };
      },

      mergeTag: mailchimpMergeTag,
    },
  };
}

/** Our merge field in Mailchimp's syntax: the address, the names, or an audience merge field (`attributes.COMPANY`). */
export function mailchimpMergeTag(field: string): string | null {
  if (field === 'email') return '*|EMAIL|*';
  if (field === 'first_name') return '*|FNAME|*';
  if (field === 'last_name') return '*|LNAME|*';
  // A merge field of the audience: tags are upper-case, at most 10 characters.
  const attribute = /^attributes\.([A-Z][A-Z0-9_]{0,9})$/.exec(field)?.[1];
  return attribute ? `*|${attribute}|*` : null;
}
