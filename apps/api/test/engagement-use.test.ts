import { describe, expect, it } from 'vitest';
import { useAccountsApp } from './support/accounts-app';
import { setEngagement } from './support/engagement';
import { emailStep, flowCustomer, personEmail, useFlowEngine } from './support/flows';

// Issue 21, the engagement score in use: the subscribers table sorted by it, segment and
// automation conditions on its band and score, and its merge fields in a received email.

const accounts = useAccountsApp({ API_REQUESTS_PER_MINUTE: '1000' });
const { call } = accounts;
const engine = useFlowEngine(accounts);

describe('engagement score in use', () => {
  it('sorts the subscribers table by score both ways across pages, people without a score last either way', async () => {
    const customer = await accounts.signedInCustomer();
    const scores: [string, number | null][] = [
      ['top', 0.91],
      ['high', 0.6],
      ['tie-a', 0.3],
      ['tie-b', 0.3],
      ['low', 0.04],
      ['new-a', null],
      ['new-b', null],
    ];
    const people: { email: string; id: string; score: number | null }[] = [];
    for (const [name, score] of scores) {
      const email = `${name}@sort.example`;
      const id = (await call('POST', 'audience/v1/subscribers', customer.cookie, { email })).json().payload.subscriber.id as string;
      if (score !== null) await setEngagement(accounts, customer.customerId, id, score);
      people.push({ email, id, score });
    }

    async function walk(order: 'asc' | 'desc') {
      const seen: { email: string; engagement: { score: number; band: string } | null }[] = [];
      let after: string | null = null;
      for (let page = 0; page < 10; page += 1) {
        const query: string = `sort=engagement&order=${order}&limit=2${after ? `&after=${encodeURIComponent(after)}` : ''}`;
        const answer = await call('GET', `audience/v1/subscribers?${query}`, customer.cookie);
        expect(answer.statusCode, answer.body).toBe(200);
        const payload = answer.json().payload as { subscribers: { email: string; engagement: { score: number; band: string } | null }[]; next_cursor: string | null; total: number };
        expect(payload.total).toBe(people.length);
        seen.push(...payload.subscribers);
        after = payload.next_cursor;
        if (!after) break;
      }
      return seen;
    }
    // Ties go by id, in the same direction as the score.
    const byId = (order: 'asc' | 'desc') => (a: { id: string }, b: { id: string }) => (order === 'asc' ? a.id.localeCompare(b.id) : b.id.localeCompare(a.id));
    const scored = people.filter((person) => person.score !== null);
    const unscored = people.filter((person) => person.score === null);
    const expected = (order: 'asc' | 'desc') => [
      ...[...scored].sort((a, b) => (order === 'asc' ? a.score! - b.score! : b.score! - a.score!) || byId(order)(a, b)),
      ...[...unscored].sort(byId(order)),
    ];

    const descending = await walk('desc');
    expect(descending.map((row) => row.email)).toEqual(expected('desc').map((person) => person.email));
    expect(descending[0]?.engagement).toEqual({ score: 0.91, band: 'highly_engaged' });
    expect(descending.at(-1)?.engagement).toBeNull();
    const ascending = await walk('asc');
    expect(ascending.map((row) => row.email)).toEqual(expected('asc').map((person) => person.email));
    expect(ascending[0]?.engagement).toEqual({ score: 0.04, band: 'dormant' });

    // A cursor made for another sort is refused, not read as a score.
    const byEmail = (await call('GET', 'audience/v1/subscribers?sort=email&limit=1', customer.cookie)).json().payload.next_cursor as string;
    const misfit = await call('GET', `audience/v1/subscribers?sort=engagement&after=${encodeURIComponent(byEmail)}`, customer.cookie);
    expect(misfit.statusCode).toBe(400);
    expect(misfit.body).toContain('This page of results is out of date');
  });

  it('counts segments by band and by score, people without a score matching none', async () => {
    const customer = await accounts.signedInCustomer();
    for (const [name, score] of [['a', 0.7], ['b', 0.35], ['c', 0.2], ['d', 0.1], ['e', 0.01], ['f', null]] as const) {
      const id = (await call('POST', 'audience/v1/subscribers', customer.cookie, { email: `${name}@segments.example` })).json().payload.subscriber.id as string;
      if (score !== null) await setEngagement(accounts, customer.customerId, id, score);
    }
    async function count(conditions: object[], match = 'all'): Promise<number> {
      const answer = await call('POST', 'audience/v1/segments/preview', customer.cookie, { definition: { match, conditions } });
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json().payload.count as number;
    }
    const engagement = (fields: object) => ({ field: 'engagement_score', ...fields });
    expect(await count([engagement({ bands: ['dormant'] })])).toBe(1);
    expect(await count([engagement({ bands: ['cooling', 'dormant'] })])).toBe(2);
    expect(await count([engagement({ bands: ['engaged'] })])).toBe(2);
    expect(await count([engagement({ score_at_least: 0.2 })])).toBe(3);
    expect(await count([engagement({ score_below: 0.2 })])).toBe(2);
    // Below 100%: every scored person, never the one without a score.
    expect(await count([engagement({ score_below: 1 })])).toBe(5);
    expect(await count([engagement({ bands: ['engaged', 'highly_engaged'], score_below: 0.5 })])).toBe(2);
    expect(await count([engagement({ bands: ['dormant'] }), { field: 'email', op: 'starts_with', value: 'f@' }], 'any')).toBe(2);
    // A saved segment counts the same.
    const saved = await call('POST', 'audience/v1/segments', customer.cookie, { name: 'Cooling off', definition: { conditions: [engagement({ bands: ['cooling', 'dormant'] })] } });
    expect(saved.statusCode, saved.body).toBe(201);
    expect(saved.json().payload.segment.count).toBe(2);

    for (const bad of [engagement({}), engagement({ score_at_least: 1.5 }), engagement({ bands: ['asleep'] }), engagement({ bands: 'dormant' }), engagement({ score_below: '0.2' })]) {
      const answer = await call('POST', 'audience/v1/segments/preview', customer.cookie, { definition: { conditions: [bad] } });
      expect(answer.statusCode, JSON.stringify(bad)).toBe(400);
    }
  });

  it('splits an automation on the band, and fills {{ engagement.score }} and {{ engagement.band }} in the email received', async () => {
    const customer = await flowCustomer(accounts);
    const [keen, quiet, fresh] = [personEmail('keen'), personEmail('quiet'), personEmail('fresh')];
    await setEngagement(accounts, customer.customerId, await customer.subscriber(keen), 0.624);
    await setEngagement(accounts, customer.customerId, await customer.subscriber(quiet), 0.03);
    await customer.subscriber(fresh);
    const flowId = await customer.activeFlow('By engagement', {
      trigger: { type: 'event', event: 'visited', filters: [] },
      start: 'split',
      steps: [
        {
          id: 'split',
          type: 'split',
          condition: { match: 'all', rules: [{ type: 'profile', condition: { field: 'engagement_score', bands: ['highly_engaged', 'engaged'], score_at_least: 0.5 } }] },
          yes: 'keen',
          no: 'others',
        },
        emailStep('keen', null, { subject: 'Keen: {{ engagement.score }}', content_html: '<p>You are {{ engagement.band }} ({{ engagement.score }}).</p>' }),
        emailStep('others', null, { subject: 'Others: {{ engagement.score | default: "no score" }}', content_html: '<p>Band: {{ engagement.band | default: "not scored yet" }}.</p>' }),
      ],
    });
    await customer.events([keen, quiet, fresh].map((email, index) => ({ name: 'visited', email, id: `visit-${index}` })));
    await engine.drain();

    const keenMail = await accounts.smtp.waitForMessage(keen);
    expect(keenMail.subject).toBe('Keen: 62%');
    expect(keenMail.html).toContain('You are Highly engaged (62%).');
    const quietMail = await accounts.smtp.waitForMessage(quiet);
    expect(quietMail.subject).toBe('Others: 3%');
    expect(quietMail.html).toContain('Band: Dormant.');
    const freshMail = await accounts.smtp.waitForMessage(fresh);
    expect(freshMail.subject).toBe('Others: no score');
    expect(freshMail.html).toContain('Band: not scored yet.');

    const runs = await customer.runs(flowId);
    const split = (email: string) => runs.find((run) => run.email === email)?.steps.find((step) => step.step_id === 'split');
    expect(split(keen)).toMatchObject({ outcome: 'yes', reason: 'engagement Highly engaged or Engaged, score at least 50%: yes' });
    expect(split(fresh)).toMatchObject({ outcome: 'no' });
  });

  it('previews the engagement merge tags, and names a mistyped one', async () => {
    const customer = await accounts.signedInCustomer();
    const preview = async (subject: string) => {
      const answer = await call('POST', 'campaigns/v1/preview', customer.cookie, { subject, preheader: '', content_html: '<p>Hi</p>', content_text: null });
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json().payload as { subject: string; problems: { subject?: { message: string }[] } };
    };
    // The sample reader has no score: the fallbacks show.
    expect((await preview('{{ engagement.score | default: "new" }} / {{ engagement.band | default: "unscored" }}')).subject).toBe('new / unscored');
    expect((await preview('{{ engagement.level }}')).problems.subject?.[0]?.message).toBe('"engagement.level" is not part of the engagement score. Use {{ engagement.score }} or {{ engagement.band }}.');
  });
});
