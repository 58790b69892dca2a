import { describe, expect, it } from 'vitest';
import { useAccountsApp } from './support/accounts-app';
import { emailStep, flowCustomer, personEmail, useFlowEngine } from './support/flows';
import { hourOfDay, storeAudienceHour, storeBestHour } from './support/send-times';

// Issue 21: the automations' "wait until the person's best time" step, through the routes, the
// events API and the real SMTP server, on the test's clock. Best times are written directly.

const accounts = useAccountsApp({ API_REQUESTS_PER_MINUTE: '1000' });
const engine = useFlowEngine(accounts);
const HOUR = 3_600_000;

const received = (email: string) => accounts.smtp.messagesTo(email).length;

describe('the wait until the person’s best time', () => {
  it('holds each person until their next best time (the audience’s when theirs is unknown), at most a day, then goes on', async () => {
    const customer = await flowCustomer(accounts);
    const [soon, yesterday, unknown] = [personEmail('soon'), personEmail('yesterday'), personEmail('unknown')];
    const ids = [await customer.subscriber(soon), await customer.subscriber(yesterday), await customer.subscriber(unknown)];
    const start = accounts.now();
    // One reads 2 h after now, one an hour before now (so tomorrow, 23 h on), the third has no
    // stored hour: the audience's, 4 h 15 after now.
    await storeBestHour(accounts, customer.customerId, ids[0]!, hourOfDay(start, 2));
    await storeBestHour(accounts, customer.customerId, ids[1]!, hourOfDay(start, 23));
    await storeAudienceHour(accounts, customer.customerId, hourOfDay(start, 4.25));
    const flowId = await customer.activeFlow('Best time', {
      trigger: { type: 'event', event: 'signed_up', filters: [] },
      start: 'best',
      steps: [{ id: 'best', type: 'wait_best_time', next: 'mail' }, emailStep('mail')],
    });
    await customer.events([soon, yesterday, unknown].map((email, index) => ({ name: 'signed_up', email, id: `signup-${index}` })));
    await engine.drain();
    expect([soon, yesterday, unknown].map(received)).toEqual([0, 0, 0]);

    const moveTo = async (hours: number) => {
      accounts.advance(start.getTime() + hours * HOUR - accounts.now().getTime());
      await engine.drain();
      return [soon, yesterday, unknown].map(received);
    };
    expect(await moveTo(2 - 1 / 60)).toEqual([0, 0, 0]);
    expect(await moveTo(2)).toEqual([1, 0, 0]);
    expect(await moveTo(4.25)).toEqual([1, 0, 1]);
    expect(await moveTo(23 - 1 / 60)).toEqual([1, 0, 1]);
    expect(await moveTo(23)).toEqual([1, 1, 1]);
    const runs = await customer.runs(flowId);
    expect(runs.map((run) => run.status)).toEqual(['completed', 'completed', 'completed']);
  });

  it('goes on at once while the account has no send-time model at all', async () => {
    const customer = await flowCustomer(accounts);
    const ada = personEmail('ada');
    await customer.subscriber(ada);
    const flowId = await customer.activeFlow('Best time', {
      trigger: { type: 'event', event: 'signed_up', filters: [] },
      start: 'best',
      steps: [{ id: 'best', type: 'wait_best_time', next: 'mail' }, emailStep('mail')],
    });
    await customer.events([{ name: 'signed_up', email: ada, id: 'signup-ada' }]);
    await engine.drain();
    expect(received(ada)).toBe(1);
    const [run] = await customer.runs(flowId);
    expect(run!.steps[0]).toMatchObject({ step_id: 'best', status: 'done', reason: 'No best send time is known yet for this person or the audience: went on at once.' });
  });

  it('says in a test with a person when the wait ends', async () => {
    const customer = await flowCustomer(accounts);
    const ada = personEmail('ada');
    const adaId = await customer.subscriber(ada, { list_ids: [customer.list] });
    const now = accounts.now();
    await storeBestHour(accounts, customer.customerId, adaId, hourOfDay(now, 3));
    const created = await accounts.call('POST', 'automations/v1/flows', customer.cookie, {
      name: 'Best time',
      definition: { trigger: { type: 'list_joined', list_id: customer.list }, start: 'best', steps: [{ id: 'best', type: 'wait_best_time', next: null }] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const flow = created.json().payload.flow;
    expect(flow.definition.steps[0]).toEqual({ id: 'best', type: 'wait_best_time', next: null });
    const test = await accounts.call('POST', `automations/v1/flows/${flow.id}/test`, customer.cookie, { subscriber_id: adaId });
    expect(test.statusCode, test.body).toBe(200);
    const until = new Date(now.getTime() + 3 * HOUR).toISOString();
    expect(test.json().payload.test.path[0]).toMatchObject({ step_id: 'best', outcome: 'waits', reason: `Waits until ${until}, the person's best send time.` });
  });
});
