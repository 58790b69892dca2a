import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BRAND_FONTS, BRAND_KIT_PATH, type BrandKitInput, DEFAULT_BRAND_KIT } from '@postlark/shared/brand-kit';
import { FORM_MESSAGES } from '@postlark/shared/forms';
import { afterAll, describe, expect, it } from 'vitest';
import { linkTokens, preferenceToken } from '../src/modules/preferences/link-tokens';
import { getOrCreateSecret } from '../src/modules/secrets/secrets.repository';
import { useAccountsApp } from './support/accounts-app';
import { imageUpload, multipartBody, solid } from './support/media';

// Issue 33, point 2: the pages a customer's readers open (the hosted sign-up form, the double
// opt-in's confirmation page, the preference centre) are drawn with the customer's brand kit: each
// public answer carries the kit's logo, colours, fonts and button corners, and none before a kit
// is saved. The confirmation page reads its look without confirming anything.

const dataDir = await mkdtemp(join(tmpdir(), 'postlark-brand-pages-'));
afterAll(() => rm(dataDir, { recursive: true, force: true }));
const accounts = useAccountsApp({ DATA_DIR: dataDir });
const call = accounts.call;

const COLORS = { primary: '#7c2d12', text: '#1c1917', background: '#fffbeb', link: '#9a3412', button: '#c2410c', button_text: '#ffffff' };

describe('the readers’ pages in the brand kit', () => {
  it('the form, the confirmation and the preference centre carry the kit’s look once it is saved', async () => {
    const customer = await accounts.signedInCustomer();
    const list = (await call('POST', 'audience/v1/lists', customer.cookie, { name: 'Letters', double_opt_in: true })).json().payload.list;
    const form = (await call('POST', 'audience/v1/forms', customer.cookie, { name: 'Footer form', list_id: list.id, title: 'Get the letters' })).json().payload.form;
    expect((await call('GET', `public/v1/forms/${form.id}`)).json().payload.look).toBeNull();

    const { body, contentType } = multipartBody(imageUpload(await solid(600, 150, '#c2410c').png().toBuffer(), 'image/png', 'logo.png', 'Ember Press'));
    const logo = (await accounts.app.inject({ method: 'POST', url: '/api/media/v1/images', headers: { cookie: customer.cookie, 'content-type': contentType }, payload: body })).json().payload;
    const { updated_at: _never, ...defaults } = DEFAULT_BRAND_KIT;
    const kit: BrandKitInput = { ...defaults, logo: { media_id: logo.id, alt: 'Ember Press', width: 240 }, colors: COLORS, fonts: { body: 'georgia', heading: 'palatino', web_font: null }, button_shape: 'square' };
    expect((await call('PUT', BRAND_KIT_PATH, customer.cookie, kit)).statusCode).toBe(200);
    const look = {
      logo: { url: logo.url, alt: 'Ember Press', width: 240, height: 60 },
      colors: COLORS,
      font_stack: BRAND_FONTS.georgia.stack,
      heading_stack: BRAND_FONTS.palatino.stack,
      button_radius: '0',
    };
    expect((await call('GET', `public/v1/forms/${form.id}`)).json().payload.look).toEqual(look);

    const signedUp = await call('POST', `public/v1/forms/${form.id}/subscribe`, undefined, { email: 'reader@example.com' });
    expect(signedUp.statusCode).toBe(200);
    const mail = await accounts.smtp.waitForMessage('reader@example.com');
    const token = decodeURIComponent(/confirm-subscription\?token=([A-Za-z0-9_.%-]+)/.exec(mail.text)![1]!);

    // Read before the button is pressed: the sender's look and words, and the list still unconfirmed.
    const pending = await call('GET', `public/v1/subscriptions/confirm?token=${encodeURIComponent(token)}`);
    expect(pending.json().payload).toEqual({ list_name: 'Letters', sender: 'Ada Lovelace', look });
    const subscriber = (await call('GET', 'audience/v1/subscribers?q=reader%40example.com', customer.cookie)).json().payload.subscribers[0];
    expect((await call('GET', `audience/v1/subscribers/${subscriber.id}`, customer.cookie)).json().payload.lists[0].status).toBe('unconfirmed');
    expect((await call('POST', 'public/v1/subscriptions/confirm', undefined, { token })).json().payload).toMatchObject({ message: FORM_MESSAGES.confirmed, look });

    const tokens = linkTokens(await getOrCreateSecret(accounts.database.db, 'subscriber-links'));
    expect((await call('GET', `public/v1/preferences/${preferenceToken(tokens, subscriber.id)}`)).json().payload.look).toEqual(look);
  });

  it('a confirmation link that is not one is a 400 when read, as when pressed', async () => {
    for (const url of ['public/v1/subscriptions/confirm?token=nonsense', 'public/v1/subscriptions/confirm', `public/v1/subscriptions/confirm?token=${'x'.repeat(5_000)}`]) {
      const answer = await call('GET', url);
      expect(answer.statusCode, url).toBe(400);
      expect(answer.json().payload.message).toBe(FORM_MESSAGES.confirmInvalid);
    }
  });
});
