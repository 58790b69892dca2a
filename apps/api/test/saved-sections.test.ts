import { CAMPAIGN_CHECK_TEXTS, type CampaignCheck } from '@postlark/shared/campaign-checks';
import { TEMPLATE_GALLERY_PATH } from '@postlark/shared/campaign-templates';
import { SAVED_SECTIONS_PATH, SECTION_LIMITS, SECTION_MESSAGES, sectionReferenceHtml } from '@postlark/shared/saved-sections';
import { describe, expect, it } from 'vitest';
import { buildCampaignMail } from '../src/modules/campaigns/campaign-message';
import { loadCampaignLinks } from '../src/modules/campaigns/campaign-links';
import { SAMPLE_RECIPIENT } from '../src/modules/campaigns/campaign-preview';
import { campaignById } from '../src/modules/campaigns/campaigns.repository';
import { preparedCampaignVariants } from '../src/modules/campaigns/prepared-campaigns';
import { APP_URL } from './support/accounts';
import { useAccountsApp } from './support/accounts-app';
import { CAMPAIGNS, campaignRead, customerWithAudience, draft, engine, withoutInlineStyles } from './support/campaigns';

// Issue 33, point 5: a saved section is written once; drafts keep a reference to it, filled in
// with its current content when they are previewed, tested, checked or sent. A campaign already
// sent keeps what it sent.

const accounts = useAccountsApp();
const { call } = accounts;

const SIGN_OFF = '<p>Warm wishes, the Lark team</p>';

async function newSection(cookie: string, body: object = { name: ' Sign-off ', content_html: SIGN_OFF }): Promise<string> {
  const saved = await call('POST', SAVED_SECTIONS_PATH, cookie, body);
  expect(saved.statusCode, saved.body).toBe(201);
  return saved.json().payload.id;
}

const preview = async (cookie: string, content: string) => {
  const answer = await call('POST', 'campaigns/v1/preview', cookie, { subject: 'Hi', preheader: '', content_html: content, content_text: null });
  expect(answer.statusCode, answer.body).toBe(200);
  return withoutInlineStyles(answer.json().payload.html as string);
};

describe('saved sections', () => {
  it('are listed, read, edited and deleted by their owner only', async () => {
    const owner = await accounts.signedInCustomer();
    const id = await newSection(owner.cookie);
    const listed = (await call('GET', SAVED_SECTIONS_PATH, owner.cookie)).json().payload.sections;
    expect(listed).toMatchObject([{ id, name: 'Sign-off', content_html: SIGN_OFF }]);

    const stranger = await accounts.signedInCustomer();
    expect((await call('GET', SAVED_SECTIONS_PATH, stranger.cookie)).json().payload.sections).toEqual([]);
    for (const [method, body] of [['GET', undefined], ['PATCH', { name: 'Mine' }], ['DELETE', undefined]] as const) {
      const answer = await call(method, `${SAVED_SECTIONS_PATH}/${id}`, stranger.cookie, body);
      expect(answer.statusCode, `${method}: ${answer.body}`).toBe(404);
      expect(answer.json().payload.message).toBe(SECTION_MESSAGES.notFound);
    }
    // Another account's reference expands to nothing in its drafts.
    expect(await preview(stranger.cookie, `<p>Before</p>${sectionReferenceHtml(id)}`)).not.toContain('Warm wishes');

    const edited = await call('PATCH', `${SAVED_SECTIONS_PATH}/${id}`, owner.cookie, { content_html: '<p>Cheers</p>' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await call('GET', `${SAVED_SECTIONS_PATH}/${id}`, owner.cookie)).json().payload.content_html).toBe('<p>Cheers</p>');
    expect((await call('DELETE', `${SAVED_SECTIONS_PATH}/${id}`, owner.cookie)).statusCode).toBe(200);
    expect((await call('GET', `${SAVED_SECTIONS_PATH}/${id}`, owner.cookie)).statusCode).toBe(404);
    expect((await call('GET', `${SAVED_SECTIONS_PATH}/not-an-id`, owner.cookie)).statusCode).toBe(404);
  });

  it('refuse a blank name, content too long, and a section inside a section', async () => {
    const customer = await accounts.signedInCustomer();
    const inner = await newSection(customer.cookie);
    const blank = await call('POST', SAVED_SECTIONS_PATH, customer.cookie, { name: ' ', content_html: SIGN_OFF });
    expect(blank.json().payload.errors.name).toBe(SECTION_MESSAGES.nameRequired);
    const long = await call('POST', SAVED_SECTIONS_PATH, customer.cookie, { name: 'Big', content_html: 'x'.repeat(SECTION_LIMITS.html + 1) });
    expect(long.json().payload.errors.content_html).toBe(SECTION_MESSAGES.tooLong(SECTION_LIMITS.html));
    const nested = await call('POST', SAVED_SECTIONS_PATH, customer.cookie, { name: 'Nested', content_html: `<p>Hi</p>${sectionReferenceHtml(inner)}` });
    expect(nested.statusCode).toBe(400);
    expect(nested.json().payload.errors.content_html).toBe(SECTION_MESSAGES.noNesting);
    const edited = await call('PATCH', `${SAVED_SECTIONS_PATH}/${inner}`, customer.cookie, { content_html: sectionReferenceHtml(inner) });
    expect(edited.json().payload.errors.content_html).toBe(SECTION_MESSAGES.noNesting);
  });

  it('make a new version of the prepared campaign a flow keeps sending when edited', async () => {
    const audience = await customerWithAudience(accounts);
    const { cookie } = audience.customer;
    const id = await newSection(cookie);
    const made = (await call('POST', CAMPAIGNS, cookie, draft(audience.list, { content_html: `<h1>News</h1>${sectionReferenceHtml(id)}` }))).json().payload.campaign as { id: string };
    const links = await loadCampaignLinks(accounts.database.db, APP_URL);
    const prepared = async () => {
      const [variant] = await preparedCampaignVariants(accounts.database.db, (await campaignById(accounts.database.db, made.id))!, null);
      return buildCampaignMail(variant!, { ...SAMPLE_RECIPIENT }, { id: 0, messageId: '' }, links).html;
    };
    expect(await prepared()).toContain('Warm wishes, the Lark team');
    await call('PATCH', `${SAVED_SECTIONS_PATH}/${id}`, cookie, { content_html: '<p>Cheers, Lark</p>' });
    expect(await prepared()).toContain('Cheers, Lark');
  });

  it('show in an own template’s thumbnail as they are now', async () => {
    const customer = await accounts.signedInCustomer();
    const id = await newSection(customer.cookie);
    const saved = await call('POST', TEMPLATE_GALLERY_PATH, customer.cookie, { name: 'With sign-off', content_html: `<h1>Letter</h1>${sectionReferenceHtml(id)}` });
    expect(saved.statusCode, saved.body).toBe(201);
    const thumbnail = async () => withoutInlineStyles((await call('GET', TEMPLATE_GALLERY_PATH, customer.cookie)).json().payload.templates.at(-1).preview_html as string);
    expect(await thumbnail()).toContain('Warm wishes, the Lark team');
    await call('PATCH', `${SAVED_SECTIONS_PATH}/${id}`, customer.cookie, { content_html: '<p>Cheers, Lark</p>' });
    expect(await thumbnail()).toContain('Cheers, Lark');
  });

  it('show in a draft’s preview as they are now; a sent campaign keeps what it sent; a deleted one is warned of', async () => {
    const audience = await customerWithAudience(accounts);
    const { cookie } = audience.customer;
    const id = await newSection(cookie);
    const content = `<h1>News</h1>${sectionReferenceHtml(id)}`;
    expect(await preview(cookie, content)).toContain('<p>Warm wishes, the Lark team</p>');

    const sent = (await call('POST', CAMPAIGNS, cookie, draft(audience.list, { content_html: content }))).json().payload.campaign as { id: string };
    const waiting = (await call('POST', CAMPAIGNS, cookie, draft(audience.list, { name: 'Still a draft', content_html: content }))).json().payload.campaign as { id: string };
    expect((await call('POST', `${CAMPAIGNS}/${sent.id}/send`, cookie)).statusCode).toBe(200);
    const sender = await engine(accounts);
    try {
      await sender.run();
    } finally {
      await sender.close();
    }
    const ada = await accounts.smtp.waitForMessage(audience.ada);
    expect(withoutInlineStyles(ada.html)).toContain('Warm wishes, the Lark team');

    expect((await call('PATCH', `${SAVED_SECTIONS_PATH}/${id}`, cookie, { content_html: '<p>Cheers, Lark</p>' })).statusCode).toBe(200);
    // The draft shows the edit; the sent campaign's content is what it sent.
    expect(await preview(cookie, content)).toContain('<p>Cheers, Lark</p>');
    expect((await campaignRead(accounts, cookie, sent.id)).content_html).toBe(`<h1>News</h1>${SIGN_OFF}`);
    expect((await campaignRead(accounts, cookie, waiting.id)).content_html).toBe(content);

    expect((await call('DELETE', `${SAVED_SECTIONS_PATH}/${id}`, cookie)).statusCode).toBe(200);
    expect(await preview(cookie, content)).not.toContain('Cheers');
    const checks: CampaignCheck[] = (await call('POST', `${CAMPAIGNS}/${waiting.id}/checks`, cookie)).json().payload.checks;
    expect(checks.find((check) => check.id === 'sections')).toEqual({ id: 'sections', status: 'warn', title: SECTION_MESSAGES.missingTitle, detail: SECTION_MESSAGES.missingCheck(1) });
    expect(checks.find((check) => check.id === 'address')?.title).toBe(CAMPAIGN_CHECK_TEXTS.addressTitle);
  });
});
