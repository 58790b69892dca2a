import type { useAccountsApp } from './accounts-app';
import { APP_URL } from './accounts';
import { CAMPAIGNS, customerWithAudience, draft } from './campaigns';

// A/B test tests' common ground: a bigger audience, a subject test on it, and opens and clicks
// fed through the tracking endpoints as a person's mail client would.

type Accounts = ReturnType<typeof useAccountsApp>;

export const AB_TESTS = 'ab-tests/v1/tests';
export const HUMAN = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';

/** customerWithAudience's list (two eligible) and `extra` more active subscribers on it. */
export async function abAudience(accounts: Accounts, extra: number) {
  const audience = await customerWithAudience(accounts);
  const domain = audience.ada.split('@')[1]!;
  const emails = [audience.ada, audience.nameless];
  for (let index = 0; index < extra; index += 1) {
    const email = `reader${index}@${domain}`;
    const added = await accounts.call('POST', 'audience/v1/subscribers', audience.customer.cookie, { email, first_name: `Reader ${index}`, list_ids: [audience.list] });
    if (added.statusCode !== 201 && added.statusCode !== 200) throw new Error(`could not add ${email}: ${added.body}`);
    emails.push(email);
  }
  return { ...audience, emails };
}

/** A subject test's draft to the list: A is the campaign's subject, B (…) the others. */
export function subjectTest(list: string, subjects: string[], test: Record<string, unknown> = {}, overrides: Record<string, unknown> = {}) {
  return draft(list, {
    subject: 'Subject A',
    ...overrides,
    ab_test: { dimension: 'subject', variants: [{}, ...subjects.map((subject) => ({ subject }))], ...test },
  });
}

export async function createAndSend(accounts: Accounts, cookie: string, body: object) {
  const created = await accounts.call('POST', CAMPAIGNS, cookie, body);
  if (created.statusCode !== 201) throw new Error(`campaign not created: ${created.body}`);
  const campaign = created.json().payload.campaign as { id: string };
  const sent = await accounts.call('POST', `${CAMPAIGNS}/${campaign.id}/send`, cookie);
  if (sent.statusCode !== 200) throw new Error(`campaign not sent: ${sent.body}`);
  return campaign;
}

function linkIn(html: string, pattern: RegExp): URL {
  const found = pattern.exec(html)?.[1]?.replaceAll('&#38;', '&').replaceAll('&amp;', '&');
  if (!found) throw new Error('no tracking link in the message');
  return new URL(found);
}

export const pixelIn = (html: string) => linkIn(html, /<img src="([^"]*\/t\/o\/[^"]+)"/);
export const clickIn = (html: string) => linkIn(html, /href="([^"]*\/t\/c\/[^"]+)"/);

/** A hit on a tracking link, as a person's mail client (or `userAgent`) makes it. */
export function hit(accounts: Accounts, url: URL, userAgent = HUMAN) {
  const target = new URL(url, APP_URL);
  return accounts.app.inject({ method: 'GET', url: `${target.pathname}${target.search}`, headers: { 'user-agent': userAgent } });
}
