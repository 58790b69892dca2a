import { PlatformError, type PersonWrite, type PlatformClient, type RemoteAudience, type RemoteCampaignDraft, type UpsertResult } from '../platform-client';
import { PLATFORM_HTTP_DEFAULTS, platformRequest, RateBudget, type PlatformAnswer, type PlatformHttpSettings, type PlatformRequest, type PlatformRules } from '../platform-http';
import { FIRST_NAME_FIELD, LAST_NAME_FIELD, noticesOf, personOf, reportOf, SUBSCRIPTION_EVENT_TYPES, type BeehiivPost, type BeehiivSubscription } from './mapping';

// beehiiv API v2 (decision 011): a Bearer key; 180 requests a minute per organisation, told in RateLimit-Limit /
// -Remaining / -Reset (unix seconds), a 429 without Retry-After; errors as {status, statusText, errors:[{message,
// code}]}. Sources: beehiiv's typescript-sdk reference (subscriptions, subscriptionTags, posts, webhooks,
// customFields) and developers.beehiiv.com (rate limiting; posts/create: Enterprise only, 202 + Retry-After while
// a post is prepared).
//
// What beehiiv cannot do: no "changed since" filter and no updated time on a subscription (people() ignores
// changedSince: the poll reads everyone and compares); no per-person activity (history is null); no unsubscribe
// event (inactive is found by polling); posts go out when they are created (no API call publishes a draft later)
// and are addressed to segments or tiers, not tags.

/** Said when beehiiv keeps an address unsubscribed: only the person's own new sign-up reactivates it. */
export const BEEHIIV_KEEPS_OPT_OUT = 'beehiiv keeps this address unsubscribed: only the person can subscribe again.';
/** Said when a post would go to a tagged part of the audience: beehiiv's posts are addressed to segments. */
export const BEEHIIV_NO_TAG_AUDIENCE = 'beehiiv sends a post to a whole publication or a segment, not to tagged subscribers.';
/** Said when a post is asked to wait for a time after it was created. */
export const BEEHIIV_NO_LATE_SCHEDULE = 'beehiiv schedules a post only when it is created: this post already has its sending time.';

const PAGE_SIZE = 100;

interface Envelope<T> {
  data: T;
}

function errorMessage(answer: PlatformAnswer): string {
  const body = answer.json as { errors?: Array<{ message?: unknown }>; statusText?: unknown; message?: unknown } | undefined;
  const messages = (body?.errors ?? []).map((error) => error.message).filter((message): message is string => typeof message === 'string' && message !== '');
  if (messages.length) return messages.join(' ');
  if (typeof body?.message === 'string' && body.message) return body.message;
  if (typeof body?.statusText === 'string' && body.statusText) return `beehiiv answered ${answer.status} ${body.statusText}.`;
  return `beehiiv answered ${answer.status}.`;
}

export function beehiivRules(budget: RateBudget): PlatformRules {
  return {
    retryAfterMs(answer, now) {
      // No Retry-After on a 429: the window's end is RateLimit-Reset.
      const reset = Number(answer.headers.get('ratelimit-reset'));
      return Number.isFinite(reset) && reset > 0 ? Math.max(0, reset * 1000 - now) : null;
    },
    errorOf(answer) {
      const message = errorMessage(answer);
      if (answer.status === 401) return new PlatformError('unauthorized', message, 401);
      if (answer.status === 403) return new PlatformError(/enterprise|plan/i.test(message) ? 'plan_limit' : 'unauthorized', message, 403);
      if (answer.status === 404) return new PlatformError('not_found', message, 404);
      if (answer.status === 429) return new PlatformError('rate_limited', message, 429);
      if (answer.status >= 500) return new PlatformError('transient', message, answer.status);
      return new PlatformError('refused', message, answer.status);
    },
    observe(answer) {
      // The organisation's budget is shared by every connection on it: once it reads 0, wait for the reset
      // instead of spending 429s to learn it.
      const remaining = answer.headers.get('ratelimit-remaining');
      const reset = Number(answer.headers.get('ratelimit-reset'));
      if (remaining !== null && Number(remaining) <= 0 && Number.isFinite(reset) && reset > 0) budget.exhaustedUntil(reset * 1000);
    },
    async acquire() {
      await budget.ready();
      return () => undefined;
    },
  };
}

export function beehiivClient(options: { apiUrl: string; apiKey: string; publicationId: string | null; http?: PlatformHttpSettings }): PlatformClient {
  const settings = options.http ?? PLATFORM_HTTP_DEFAULTS;
  const now = settings.now ?? Date.now;
  const sleep = settings.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const rules = beehiivRules(new RateBudget(settings));
  const base = options.apiUrl.replace(/(?<!\/)\/+$/, '');

  const call = async <T>(method: PlatformRequest['method'], path: string, body?: unknown): Promise<{ answer: PlatformAnswer; json: T }> => {
    const answer = await platformRequest({ method, url: `${base}${path}`, headers: { authorization: `Bearer ${options.apiKey}` }, body }, rules, settings);
    return { answer, json: answer.json as T };
  };
  const pub = (id: string) => `/publications/${encodeURIComponent(id)}`;

  const firstPublication = async () => {
    const { json } = await call<{ data: Array<{ id: string; name: string }> }>('GET', '/publications?limit=1&page=1');
    const first = json.data[0];
    if (!first) throw new PlatformError('not_found', 'This beehiiv key reaches no publication.', 404);
    return first;
  };
  /**
   * A post's id here is `<publicationId>:<postId>`: the publication it was created in (the linked
   * one), so send() and report() look for it there. A bare post id (made before) falls back to the
   * connection's publication, else the key's first.
   */
  const postRef = async (id: string): Promise<{ publicationId: string; postId: string }> => {
    const at = id.indexOf(':');
    if (at > 0) return { publicationId: id.slice(0, at), postId: id.slice(at + 1) };
    return { publicationId: options.publicationId ?? (await firstPublication()).id, postId: id };
  };

  const post = async (publicationId: string, postId: string): Promise<BeehiivPost> => {
    // beehiiv answers 202 with Retry-After while a post is still being prepared: wait as it says, within maxWaitMs.
    let waited = 0;
    for (;;) {
      const { answer, json } = await call<Envelope<BeehiivPost>>('GET', `${pub(publicationId)}/posts/${encodeURIComponent(postId)}?expand[]=stats`);
      if (answer.status !== 202) return json.data;
      const wait = Math.max(1, Number(answer.headers.get('retry-after')) || 1) * 1000;
      if (waited + wait > settings.maxWaitMs) return json.data;
      waited += wait;
      await sleep(wait);
    }
  };

  const subscriptionId = async (audienceId: string, email: string) => {
    const { json } = await call<Envelope<BeehiivSubscription>>('GET', `${pub(audienceId)}/subscriptions/by_email/${encodeURIComponent(email.trim().toLowerCase())}`);
    return json.data.id;
  };

  const addTags = async (audienceId: string, id: string, tags: string[]) => {
    if (tags.length) await call('POST', `${pub(audienceId)}/subscriptions/${encodeURIComponent(id)}/tags`, { tags });
  };

  const upsert = async (audienceId: string, person: PersonWrite): Promise<UpsertResult> => {
    // No way back through the API after an unsubscribe (reactivate_existing stays false): refused, nothing written.
    if (person.status === 'pending') throw new PlatformError('refused', BEEHIIV_KEEPS_OPT_OUT, null);
    // The publication is the audience: leaving the linked list is unsubscribing from it.
    const optOut = person.status !== 'subscribed';
    const customFields = Object.entries(person.fields).map(([name, value]) => ({ name, value }));
    // Names only when we know them, so a blank here never erases beehiiv's (unknown custom fields are discarded by beehiiv).
    if (person.firstName) customFields.push({ name: FIRST_NAME_FIELD, value: person.firstName });
    if (person.lastName) customFields.push({ name: LAST_NAME_FIELD, value: person.lastName });
    const body = {
      email: person.email.trim().toLowerCase(),
      // Never true: an unsubscribed address stays unsubscribed unless the person re-subscribes themselves (opt-outs win).
      reactivate_existing: false,
      send_welcome_email: false,
      utm_source: 'postlark',
      // Someone we are opting out must not be sent a confirmation email on the way.
      ...(optOut ? { double_opt_override: 'off' } : {}),
    };
    let answer: { json: Envelope<BeehiivSubscription> };
    let fieldsRefused: string | undefined;
    try {
      answer = await call<Envelope<BeehiivSubscription>>('POST', `${pub(audienceId)}/subscriptions`, person.statusOnly ? body : { ...body, custom_fields: customFields });
    } catch (error) {
      // A custom field's value refused must not cost an opt-out: the subscription alone, then the unsubscribe.
      if (!(error instanceof PlatformError && error.kind === 'refused' && optOut && !person.statusOnly)) throw error;
      answer = await call<Envelope<BeehiivSubscription>>('POST', `${pub(audienceId)}/subscriptions`, body);
      fieldsRefused = error.message;
    }
    const sub = answer.json.data;
    if (!optOut && sub.status === 'inactive') throw new PlatformError('refused', BEEHIIV_KEEPS_OPT_OUT, null);
    await addTags(audienceId, sub.id, person.tags ?? []);
    if (optOut && sub.status !== 'inactive') await call('PATCH', `${pub(audienceId)}/subscriptions/${encodeURIComponent(sub.id)}`, { unsubscribe: true });
    return fieldsRefused === undefined ? { remoteId: sub.id } : { remoteId: sub.id, fieldsRefused };
  };

  return {
    platform: 'beehiiv',

    async account() {
      if (options.publicationId) {
        const { json } = await call<Envelope<{ id: string; name: string }>>('GET', pub(options.publicationId));
        return { name: json.data.name, ref: json.data.id };
      }
      const first = await firstPublication();
      return { name: first.name, ref: first.id };
    },

    async audiences() {
      const audiences: RemoteAudience[] = [];
      for (let page = 1; ; page += 1) {
        const { json } = await call<{ data: Array<{ id: string; name: string; stats?: { active_subscriptions?: number } }>; total_pages?: number }>('GET', `/publications?limit=${PAGE_SIZE}&page=${page}&expand[]=stats`);
        for (const publication of json.data) audiences.push({ id: publication.id, name: publication.name, size: publication.stats?.active_subscriptions ?? null });
        if (!json.data.length || page >= (json.total_pages ?? 1)) return audiences;
      }
    },

    async fieldNames(audienceId) {
      const names: string[] = [];
      for (let page = 1; ; page += 1) {
        const { json } = await call<{ data: Array<{ display: string }>; total_pages?: number }>('GET', `${pub(audienceId)}/custom_fields?limit=${PAGE_SIZE}&page=${page}`);
        names.push(...json.data.map((field) => field.display));
        if (!json.data.length || page >= (json.total_pages ?? 1)) return names;
      }
    },

    async people(audienceId, query) {
      // query.changedSince is ignored: beehiiv has no such filter and no updated time, so every poll reads the
      // whole publication (100 a page, cursor paging) and the sync compares.
      const cursor = query.cursor ? `&cursor=${encodeURIComponent(query.cursor)}` : '';
      const { json } = await call<{ data: BeehiivSubscription[]; has_more?: boolean; next_cursor?: string | null }>(
        'GET',
        `${pub(audienceId)}/subscriptions?limit=${PAGE_SIZE}&expand[]=custom_fields&expand[]=tags${cursor}`,
      );
      return { people: json.data.map(personOf), next: json.has_more && json.next_cursor ? json.next_cursor : null, total: null };
    },

    upsert,

    async upsertMany(audienceId, people) {
      // beehiiv's bulk creation is asynchronous and answers no ids: one by one, within the same budget.
      const results: Array<UpsertResult | PlatformError> = [];
      for (const person of people) {
        try {
          results.push(await upsert(audienceId, person));
        } catch (error) {
          if (!(error instanceof PlatformError) || error.kind === 'unauthorized' || error.kind === 'rate_limited') throw error;
          results.push(error);
        }
      }
      return results;
    },

    history: null,

    webhooks: {
      async register(audienceId, url, secret) {
        // beehiiv signs nothing: the secret travels in the URL we register.
        const target = new URL(url);
        if (!url.includes(secret)) target.searchParams.set('secret', secret);
        const { json } = await call<Envelope<{ id: string }>>('POST', `${pub(audienceId)}/webhooks`, { url: target.toString(), event_types: [...SUBSCRIPTION_EVENT_TYPES], description: 'Postlark' });
        return { id: json.data.id };
      },
      async remove(audienceId, id) {
        try {
          await call('DELETE', `${pub(audienceId)}/webhooks/${encodeURIComponent(id)}`);
        } catch (error) {
          // Already gone on beehiiv's side: what removing it was for.
          if (!(error instanceof PlatformError) || error.kind !== 'not_found') throw error;
        }
      },
      parse: (body) => noticesOf(body),
    },

    campaigns: {
      async tag(audienceId, tag, emails) {
        for (const email of emails) await addTags(audienceId, await subscriptionId(audienceId, email), [tag]);
      },

      async create(audienceId, draft: RemoteCampaignDraft) {
        if (draft.tag !== null) throw new PlatformError('refused', BEEHIIV_NO_TAG_AUDIENCE, null);
        // beehiiv sends a confirmed post as soon as it is prepared: creating it is sending it (send() then waits
        // for it to be ready). Below Enterprise beehiiv answers 403: 'plan_limit' with its own words.
        let created: { answer: PlatformAnswer; json: Envelope<BeehiivPost> };
        try {
          created = await call<Envelope<BeehiivPost>>('POST', `${pub(audienceId)}/posts`, {
            title: draft.title,
            body_content: draft.html,
            status: 'confirmed',
            email_settings: { email_subject_line: draft.subject, email_preview_text: draft.preheader, from_address: draft.fromEmail, reply_to: draft.replyTo, email_from_name: draft.fromName },
          });
        } catch (error) {
          if (error instanceof PlatformError && error.status === 403) throw new PlatformError('plan_limit', error.message, 403);
          throw error;
        }
        return { id: `${audienceId}:${created.json.data.id}` };
      },

      async send(id, at) {
        const ref = await postRef(id);
        const found = await post(ref.publicationId, ref.postId);
        if (at !== null && at.getTime() > now() && (found.publish_date ?? 0) * 1000 < at.getTime()) throw new PlatformError('refused', BEEHIIV_NO_LATE_SCHEDULE, null);
      },

      async report(id) {
        const ref = await postRef(id);
        return reportOf(await post(ref.publicationId, ref.postId), now());
      },

      mergeTag: beehiivMergeTag,
    },
  };
}

/**
 * beehiiv's reserved {{email}}; names are custom fields whose merge tags depend on how the publication
 * named them, so they (and attributes) are reported as unsupported rather than guessed.
 */
export function beehiivMergeTag(field: string): string | null {
  return field === 'email' ? '{{email}}' : null;
}
