import { AUTOMATION_MESSAGES } from '@postlark/shared/automations-messages';
import { SENDER_MESSAGES } from '@postlark/shared/senders';
import { describe, expect, it } from 'vitest';
import { useAccountsApp } from './support/accounts-app';
import { emailStep, FLOWS, flowCustomer } from './support/flows';

// The flow builder's routes: drafts, versions, checks before going live, templates, pausing,
// deleting, and another customer's flows out of reach. Bad input is a 400 naming the field.

const accounts = useAccountsApp({ API_REQUESTS_PER_MINUTE: '1000' });
const { call } = accounts;

const draft = (steps: object[], start: string | null = 'a', extra: object = {}) => ({ trigger: { type: 'event', event: 'signed_up' }, start, steps, ...extra });

describe('flows', () => {
  it('saves drafts, versions each change, activates only a complete flow, pauses and deletes', async () => {
    const customer = await flowCustomer(accounts);
    const created = await call('POST', FLOWS, customer.cookie, { name: '  Onboarding ', definition: draft([emailStep('a', null, { from_email: '' })]) });
    expect(created.statusCode, created.body).toBe(201);
    const flow = created.json().payload.flow;
    expect(created.json().payload.message).toBe(AUTOMATION_MESSAGES.created);
    expect(flow).toMatchObject({ name: 'Onboarding', status: 'draft', version: 1, active_runs: 0, total_runs: 0, trigger: { type: 'event', event: 'signed_up', filters: [] } });
    // Defaults filled in: the rules and each step's fields.
    expect(flow.definition.rules).toEqual({ reentry: 'never', reentry_days: null, frequency_cap_hours: null, quiet_hours: null, timezone: 'UTC' });
    expect(flow.definition.steps[0]).toMatchObject({ preheader: '', reply_to: '', tracking: true, content_text: null });

    // Activation checks the email steps as a campaign is checked before sending, by field.
    const refused = await call('POST', `${FLOWS}/${flow.id}/activate`, customer.cookie);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().payload.errors).toEqual({ 'steps.0.from_email': AUTOMATION_MESSAGES.fromRequired });
    const unconfirmed = await call('PUT', `${FLOWS}/${flow.id}`, customer.cookie, { definition: draft([emailStep('a', null, { from_email: 'other@lark.example', content_html: '<p>{{ frist_name }}</p>' })]) });
    expect(unconfirmed.json().payload).toMatchObject({ message: AUTOMATION_MESSAGES.saved, flow: { version: 2 } });
    const again = (await call('POST', `${FLOWS}/${flow.id}/activate`, customer.cookie)).json().payload.errors;
    expect(again['steps.0.from_email']).toBe(SENDER_MESSAGES.fromNotAuthenticated('other@lark.example'));
    expect(again['steps.0.content_html']).toContain('Did you mean "first_name"?');

    // The same definition again is no new version; a rename alone neither.
    expect((await call('PUT', `${FLOWS}/${flow.id}`, customer.cookie, { name: 'Welcome' })).json().payload.flow).toMatchObject({ name: 'Welcome', version: 2 });
    expect((await call('PUT', `${FLOWS}/${flow.id}`, customer.cookie, { definition: draft([emailStep('a')]) })).json().payload.flow.version).toBe(3);
    const activated = await call('POST', `${FLOWS}/${flow.id}/activate`, customer.cookie);
    expect(activated.json().payload).toMatchObject({ message: AUTOMATION_MESSAGES.activated, flow: { status: 'active' } });
    expect((await call('POST', `${FLOWS}/${flow.id}/activate`, customer.cookie)).json().payload.message).toBe(AUTOMATION_MESSAGES.alreadyActive);
    expect((await call('DELETE', `${FLOWS}/${flow.id}`, customer.cookie)).json().payload.message).toBe(AUTOMATION_MESSAGES.notDeletable);
    expect((await call('POST', `${FLOWS}/${flow.id}/pause`, customer.cookie)).json().payload).toMatchObject({ message: AUTOMATION_MESSAGES.paused, flow: { status: 'paused' } });
    expect((await call('POST', `${FLOWS}/${flow.id}/pause`, customer.cookie)).json().payload.message).toBe(AUTOMATION_MESSAGES.notActive);
    const versions = (await call('GET', `${FLOWS}/${flow.id}/versions`, customer.cookie)).json().payload.versions;
    expect(versions.map((version: { version: number }) => version.version)).toEqual([3, 2, 1]);
    expect((await call('GET', `${FLOWS}/${flow.id}/versions/9`, customer.cookie)).json().payload.message).toBe(AUTOMATION_MESSAGES.versionNotFound);
    expect((await call('GET', FLOWS, customer.cookie)).json().payload.flows.map((item: { id: string }) => item.id)).toEqual([flow.id]);
    // Its email step is a hidden campaign row, never among the campaigns.
    expect((await call('GET', 'campaigns/v1/campaigns', customer.cookie)).json().payload.campaigns).toEqual([]);
    expect((await call('DELETE', `${FLOWS}/${flow.id}`, customer.cookie)).json().payload.message).toBe(AUTOMATION_MESSAGES.deleted);
    expect((await call('GET', `${FLOWS}/${flow.id}`, customer.cookie)).statusCode).toBe(404);
  });

  it('refuses a definition that cannot run, or names what is not the customer’s, with each field’s message', async () => {
    const customer = await flowCustomer(accounts);
    const other = await flowCustomer(accounts);
    const save = (definition: object) => call('POST', FLOWS, customer.cookie, { name: 'Broken', definition });
    const errorsOf = async (definition: object) => {
      const response = await save(definition);
      expect(response.statusCode, response.body).toBe(400);
      return response.json().payload.errors as Record<string, string>;
    };
    expect(await errorsOf(draft([emailStep('a', 'b')]))).toEqual({ 'steps.0.next': AUTOMATION_MESSAGES.stepMissing('b') });
    expect(await errorsOf(draft([emailStep('a', 'b'), emailStep('b', 'a')]))).toEqual({ 'steps.0.id': AUTOMATION_MESSAGES.stepLoop('a') });
    expect(await errorsOf(draft([emailStep('a'), emailStep('a')]))).toEqual({ 'steps.1.id': AUTOMATION_MESSAGES.stepIdTwice('a') });
    expect(await errorsOf(draft([emailStep('a'), emailStep('b')]))).toEqual({ 'steps.1.id': AUTOMATION_MESSAGES.stepUnreachable('b') });
    expect(await errorsOf({ ...draft([], null), trigger: { type: 'list_joined', list_id: other.list } })).toEqual({ 'trigger.list_id': AUTOMATION_MESSAGES.listInvalid });
    expect(await errorsOf({ ...draft([], null), trigger: { type: 'event', event: 'Bad Name' } })).toMatchObject({ 'definition.trigger.event': AUTOMATION_MESSAGES.eventInvalid });
    expect(await errorsOf(draft([{ id: 'a', type: 'wait' }]))).toMatchObject({ 'definition.steps.0.duration': AUTOMATION_MESSAGES.waitInvalid });
    expect(await errorsOf(draft([{ id: 'a', type: 'wait', duration: { amount: 400, unit: 'days' } }]))).toMatchObject({ 'definition.steps.0.duration': AUTOMATION_MESSAGES.durationInvalid });
    expect(await errorsOf({ ...draft([], null), rules: { reentry: 'after_days' } })).toMatchObject({ 'definition.rules.reentry_days': AUTOMATION_MESSAGES.reentryDaysRequired });
    expect(await errorsOf({ ...draft([], null), rules: { timezone: 'Mars/Olympus' } })).toMatchObject({ 'definition.rules.timezone': AUTOMATION_MESSAGES.timezoneInvalid });
    expect(await errorsOf({ ...draft([], null), surprise: true })).toMatchObject({ surprise: expect.stringContaining('surprise') });
    const nameless = await call('POST', FLOWS, customer.cookie, { name: ' ', definition: draft([], null) });
    expect(nameless.json().payload.errors).toEqual({ name: AUTOMATION_MESSAGES.nameRequired });
    const garbage = await call('POST', FLOWS, customer.cookie, { name: 'x', definition: 'nope' });
    expect(garbage.statusCode).toBe(400);

    // Another customer's flow is not there at all.
    const mine = (await save(draft([emailStep('a')]))).json().payload.flow.id as string;
    for (const [method, url] of [
      ['GET', `${FLOWS}/${mine}`],
      ['PUT', `${FLOWS}/${mine}`],
      ['POST', `${FLOWS}/${mine}/activate`],
      ['GET', `${FLOWS}/${mine}/stats`],
      ['GET', `${FLOWS}/${mine}/runs`],
      ['DELETE', `${FLOWS}/${mine}`],
      ['GET', `${FLOWS}/not-an-id`],
    ] as const) {
      const response = await call(method, url, other.cookie, method === 'PUT' ? { name: 'Mine now' } : undefined);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await call('GET', FLOWS)).statusCode).toBe(401);
    const test = await call('POST', `${FLOWS}/${mine}/test`, customer.cookie, { subscriber_id: '00000000-0000-4000-8000-000000000000' });
    expect(test.json().payload.message).toBe(AUTOMATION_MESSAGES.subscriberNotFound);
  });

  it('offers six starter templates, each saved as a draft that asks for what it needs before going live', async () => {
    const customer = await flowCustomer(accounts);
    const templates = (await call('GET', 'automations/v1/templates', customer.cookie)).json().payload.templates as { id: string; name: string }[];
    expect(templates.map((template) => template.id)).toEqual(['welcome_series', 'abandoned_cart', 'post_purchase', 'win_back', 'birthday', 'sunset']);
    for (const template of templates) {
      const created = await call('POST', FLOWS, customer.cookie, { name: template.name, template: template.id });
      expect(created.statusCode, created.body).toBe(201);
      const activated = await call('POST', `${FLOWS}/${created.json().payload.flow.id}/activate`, customer.cookie);
      expect(activated.statusCode).toBe(400);
      expect(Object.values(activated.json().payload.errors)).toContain(AUTOMATION_MESSAGES.fromRequired);
    }
    const cart = (await call('GET', FLOWS, customer.cookie)).json().payload.flows.find((flow: { name: string }) => flow.name === 'Abandoned cart');
    expect(cart.definition).toMatchObject({ trigger: { type: 'event', event: 'cart_updated' }, goal: { event: 'order_placed' }, rules: { frequency_cap_hours: 16, quiet_hours: { start: 21, end: 8 } } });
    expect((await call('POST', FLOWS, customer.cookie, { name: 'x', template: 'nope' })).json().payload.errors).toEqual({ template: AUTOMATION_MESSAGES.templateUnknown });
  });
});
