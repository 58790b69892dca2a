import { describe, expect, it } from 'vitest';
import { useAccountsApp } from './support/accounts-app';
import { emailStep, flowCustomer, personEmail, useFlowEngine } from './support/flows';

// Automation email counts against the account's daily message quota, as campaigns do: past it an
// email step is deferred (with the reason) until the quota frees, never dropped.

const accounts = useAccountsApp({ API_REQUESTS_PER_MINUTE: '1000', CAMPAIGN_MESSAGES_PER_DAY: '2' });
const engine = useFlowEngine(accounts);
const HOUR = 3_600_000;

describe('the daily message quota', () => {
  it('defers automation email past the quota until the day’s window frees, then sends it', async () => {
    const customer = await flowCustomer(accounts);
    const people = [personEmail('q'), personEmail('q'), personEmail('q')];
    for (const email of people) await customer.subscriber(email);
    const flowId = await customer.activeFlow('Busy', { trigger: { type: 'event', event: 'pinged' }, start: 'mail', steps: [emailStep('mail')] });
    await customer.events(people.map((email, index) => ({ name: 'pinged', email, id: `ping-${index}` })));
    await engine.drain();
    const sent = () => people.filter((email) => accounts.smtp.messagesTo(email).length > 0).length;
    expect(sent()).toBe(2);
    const deferred = (await customer.runs(flowId)).find((run) => run.status === 'active')!;
    expect(deferred.notes[0]!.reason).toContain("Deferred: the account's daily email quota is used up");
    accounts.advance(23 * HOUR);
    await engine.drain();
    expect(sent()).toBe(2);
    accounts.advance(HOUR);
    await engine.drain();
    expect(sent()).toBe(3);
  });
});
