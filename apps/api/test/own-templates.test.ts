import { CAMPAIGN_LIMITS } from '@postlark/shared/campaign-limits';
import { CAMPAIGN_TEMPLATES, TEMPLATE_GALLERY_PATH, type TemplateGalleryItem } from '@postlark/shared/campaign-templates';
import { OWN_TEMPLATE_LIMITS, OWN_TEMPLATE_MESSAGES } from '@postlark/shared/own-templates';
import { describe, expect, it } from 'vitest';
import { useAccountsApp } from './support/accounts-app';
import { callWithKey, customerWithKey } from './support/api-keys';

// Issue 33, point 5: "Save as template" keeps the account's own, listed in the gallery after the
// built-in ones, laid out like them; another account's template is one that does not exist.

const accounts = useAccountsApp();

const mine = { name: '  Monthly letter  ', subject: 'News from the shop', content_html: '<h1>Our month</h1><p>Hi {{ first_name | default: "there" }},</p>' };

async function gallery(cookie: string): Promise<TemplateGalleryItem[]> {
  const response = await accounts.call('GET', TEMPLATE_GALLERY_PATH, cookie);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().payload.templates;
}

describe('an account’s own templates', () => {
  it('are saved from the editor and listed after the built-in ones, each laid out', async () => {
    const customer = await accounts.signedInCustomer();
    expect((await gallery(customer.cookie)).every((template) => template.source === 'built_in')).toBe(true);

    const saved = await accounts.call('POST', TEMPLATE_GALLERY_PATH, customer.cookie, mine);
    expect(saved.statusCode, saved.body).toBe(201);
    expect(saved.json().payload).toMatchObject({ message: OWN_TEMPLATE_MESSAGES.saved, name: 'Monthly letter', description: '', subject: mine.subject, html: mine.content_html });

    const templates = await gallery(customer.cookie);
    expect(templates.map((template) => template.source)).toEqual([...CAMPAIGN_TEMPLATES.map(() => 'built_in'), 'own']);
    const own = templates.at(-1)!;
    expect(own).toMatchObject({ id: saved.json().payload.id, name: 'Monthly letter', subject: mine.subject, html: mine.content_html });
    expect(own.preview_html).toContain('Our month');
    expect(own.preview_html).toContain('Hi there,');

    // A rename is seen at once: the gallery is not kept past a change.
    const renamed = await accounts.call('PATCH', `${TEMPLATE_GALLERY_PATH}/${own.id}`, customer.cookie, { name: 'Letter', description: 'Our usual one' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await gallery(customer.cookie)).at(-1)).toMatchObject({ name: 'Letter', description: 'Our usual one' });

    const deleted = await accounts.call('DELETE', `${TEMPLATE_GALLERY_PATH}/${own.id}`, customer.cookie);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json().payload.message).toBe(OWN_TEMPLATE_MESSAGES.deleted);
    expect(await gallery(customer.cookie)).toHaveLength(CAMPAIGN_TEMPLATES.length);
    expect((await accounts.call('DELETE', `${TEMPLATE_GALLERY_PATH}/${own.id}`, customer.cookie)).statusCode).toBe(404);
  });

  it('are the account’s alone: another account’s id is not found', async () => {
    const owner = await accounts.signedInCustomer();
    const id = (await accounts.call('POST', TEMPLATE_GALLERY_PATH, owner.cookie, mine)).json().payload.id;
    const stranger = await accounts.signedInCustomer();
    expect((await gallery(stranger.cookie)).some((template) => template.id === id)).toBe(false);
    for (const [method, body] of [['PATCH', { name: 'Mine now' }], ['DELETE', undefined]] as const) {
      const response = await accounts.call(method, `${TEMPLATE_GALLERY_PATH}/${id}`, stranger.cookie, body);
      expect(response.statusCode, response.body).toBe(404);
      expect(response.json().payload.message).toBe(OWN_TEMPLATE_MESSAGES.notFound);
    }
    expect((await accounts.call('DELETE', `${TEMPLATE_GALLERY_PATH}/not-an-id`, stranger.cookie)).statusCode).toBe(404);
    expect((await gallery(owner.cookie)).at(-1)!.name).toBe('Monthly letter');
  });

  it('checks the name and the content’s size, and keeps at most fifty an account', async () => {
    const customer = await accounts.signedInCustomer();
    const blank = await accounts.call('POST', TEMPLATE_GALLERY_PATH, customer.cookie, { ...mine, name: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().payload.errors.name).toBe(OWN_TEMPLATE_MESSAGES.nameRequired);
    const long = await accounts.call('POST', TEMPLATE_GALLERY_PATH, customer.cookie, { ...mine, name: 'x'.repeat(OWN_TEMPLATE_LIMITS.name + 1) });
    expect(long.json().payload.errors.name).toBe(OWN_TEMPLATE_MESSAGES.tooLong(OWN_TEMPLATE_LIMITS.name));
    const big = await accounts.call('POST', TEMPLATE_GALLERY_PATH, customer.cookie, { ...mine, content_html: 'x'.repeat(CAMPAIGN_LIMITS.html + 1) });
    expect(big.statusCode).toBe(400);
    expect(big.json().payload.errors.content_html).toBe(OWN_TEMPLATE_MESSAGES.tooLong(CAMPAIGN_LIMITS.html));

    for (let n = 0; n < OWN_TEMPLATE_LIMITS.perAccount; n += 1) {
      expect((await accounts.call('POST', TEMPLATE_GALLERY_PATH, customer.cookie, { name: `T${n}`, content_html: '<p>x</p>' })).statusCode).toBe(201);
    }
    const over = await accounts.call('POST', TEMPLATE_GALLERY_PATH, customer.cookie, { name: 'One more', content_html: '<p>x</p>' });
    expect(over.statusCode).toBe(409);
    expect(over.json().payload.message).toBe(OWN_TEMPLATE_MESSAGES.tooMany);
  });

  it('are saved, listed and deleted through the public API with a key', async () => {
    const { key } = await customerWithKey(accounts);
    const saved = await callWithKey(accounts, key, 'POST', 'templates', mine);
    expect(saved.statusCode, saved.body).toBe(201);
    const listed = await callWithKey(accounts, key, 'GET', 'templates');
    expect(listed.json().payload.templates.at(-1)).toMatchObject({ id: saved.json().payload.id, source: 'own' });
    expect((await callWithKey(accounts, key, 'DELETE', `templates/${saved.json().payload.id}`)).statusCode).toBe(200);
    expect((await callWithKey(accounts, key, 'GET', 'templates')).json().payload.templates).toHaveLength(CAMPAIGN_TEMPLATES.length);
  });
});
