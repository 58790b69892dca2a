import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BRAND_KIT_PATH, BRAND_MESSAGES, type BrandKitInput, DEFAULT_BRAND_KIT } from '@postlark/shared/brand-kit';
import { afterAll, describe, expect, it } from 'vitest';
import { useAccountsApp } from './support/accounts-app';
import { imageUpload, multipartBody, solid } from './support/media';

// Issue 33, point 2: the brand kit as the Brand page saves it: the defaults before a first save,
// the whole kit saved and read back, a logo only from the account's own library (and gone from the
// kit when its image is deleted), and every bad field a 400 that names it.

const dataDir = await mkdtemp(join(tmpdir(), 'postlark-brand-'));
afterAll(() => rm(dataDir, { recursive: true, force: true }));
const accounts = useAccountsApp({ DATA_DIR: dataDir });
type Customer = Awaited<ReturnType<typeof accounts.signedInCustomer>>;

const KIT = BRAND_KIT_PATH;

async function logoOf(customer: Customer): Promise<{ id: string; url: string }> {
  const { body, contentType } = multipartBody(imageUpload(await solid(800, 200, '#112233').png().toBuffer(), 'image/png', 'logo.png', 'Lark & Co.'));
  const response = await accounts.app.inject({ method: 'POST', url: '/api/media/v1/images', headers: { cookie: customer.cookie, 'content-type': contentType }, payload: body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().payload;
}

const kit = (overrides: Partial<BrandKitInput> = {}): BrandKitInput => {
  const { updated_at: _never, logo: _logo, ...defaults } = DEFAULT_BRAND_KIT;
  return { ...defaults, logo: null, ...overrides };
};

describe('the brand kit', () => {
  it('is the defaults until saved, then the kit as saved, its logo from the library at the width chosen', async () => {
    const customer = await accounts.signedInCustomer();
    expect((await accounts.call('GET', KIT, customer.cookie)).json().payload).toEqual(DEFAULT_BRAND_KIT);

    const logo = await logoOf(customer);
    const input = kit({
      logo: { media_id: logo.id, alt: 'Lark & Co.', width: 200 },
      colors: { primary: '#0F766E', text: '#111827', background: '#FAFAF9', link: '#0f766e', button: '#0f766e', button_text: '#ffffff' },
      fonts: { body: 'georgia', heading: 'helvetica', web_font: { family: 'Playfair Display', css_url: 'https://fonts.googleapis.com/css2?family=Playfair+Display' } },
      button_shape: 'pill',
      social_links: [
        { network: 'instagram', url: 'https://instagram.com/larkandco' },
        { network: 'website', url: 'https://lark.example' },
      ],
    });
    const saved = await accounts.call('PUT', KIT, customer.cookie, input);
    expect(saved.statusCode, saved.body).toBe(200);
    const read = (await accounts.call('GET', KIT, customer.cookie)).json().payload;
    expect(read).toEqual({
      ...input,
      // Colours are kept as lower-case hex; the logo is the library's image, 200 px wide at 800 × 200.
      colors: { primary: '#0f766e', text: '#111827', background: '#fafaf9', link: '#0f766e', button: '#0f766e', button_text: '#ffffff' },
      logo: { media_id: logo.id, url: logo.url, alt: 'Lark & Co.', width: 200, height: 50 },
      updated_at: accounts.now().toISOString(),
    });
    expect(saved.json().payload).toMatchObject({ message: BRAND_MESSAGES.saved, logo: read.logo });

    // Deleted from the library, the logo is gone from the kit; the rest stays.
    expect((await accounts.call('DELETE', `media/v1/images/${logo.id}`, customer.cookie)).statusCode).toBe(200);
    expect((await accounts.call('GET', KIT, customer.cookie)).json().payload).toMatchObject({ logo: null, button_shape: 'pill', fonts: { body: 'georgia' } });
  });

  it('takes a logo only from the account’s own library, and says which field is wrong', async () => {
    const customer = await accounts.signedInCustomer();
    const other = await accounts.signedInCustomer();
    const theirs = await logoOf(other);
    const refused = await accounts.call('PUT', KIT, customer.cookie, kit({ logo: { media_id: theirs.id, alt: '', width: 200 } }));
    expect([refused.statusCode, refused.json().payload.message]).toEqual([400, BRAND_MESSAGES.logoNotFound]);

    const colors = DEFAULT_BRAND_KIT.colors;
    const cases: Array<[Partial<BrandKitInput> | Record<string, unknown>, string]> = [
      [{ colors: { ...colors, primary: 'red' } }, BRAND_MESSAGES.colorInvalid],
      [{ colors: { ...colors, text: '#12345g' } }, BRAND_MESSAGES.colorInvalid],
      [{ colors: { ...colors, link: `#${'0'.repeat(5_000)}` } }, BRAND_MESSAGES.colorInvalid],
      [{ fonts: { body: 'comic-sans', heading: 'system', web_font: null } }, BRAND_MESSAGES.fontInvalid],
      [{ fonts: { body: 'system', heading: 'system', web_font: { family: 'Inter;}body{x', css_url: 'https://fonts.example/inter.css' } } }, BRAND_MESSAGES.webFontName],
      [{ fonts: { body: 'system', heading: 'system', web_font: { family: 'Inter', css_url: 'http://fonts.example/inter.css' } } }, BRAND_MESSAGES.webFontUrl],
      [{ button_shape: 'blob' }, BRAND_MESSAGES.shapeInvalid],
      [{ social_links: [{ network: 'myspace', url: 'https://myspace.com/lark' }] }, BRAND_MESSAGES.networkInvalid],
      [{ social_links: [{ network: 'x', url: 'javascript:alert(1)' }] }, BRAND_MESSAGES.urlInvalid],
      [{ social_links: Array.from({ length: 9 }, () => ({ network: 'website', url: 'https://lark.example' })) }, BRAND_MESSAGES.tooManyLinks],
    ];
    for (const [change, message] of cases) {
      const response = await accounts.call('PUT', KIT, customer.cookie, { ...kit(), ...change });
      expect([response.statusCode, response.json().payload.message], JSON.stringify(change).slice(0, 120)).toEqual([400, message]);
    }
    expect((await accounts.call('PUT', KIT, customer.cookie, { ...kit(), theme: 'dark' })).statusCode).toBe(400);
    // Nothing of the refused saves was kept.
    expect((await accounts.call('GET', KIT, customer.cookie)).json().payload).toEqual(DEFAULT_BRAND_KIT);
    expect((await accounts.call('GET', KIT, undefined)).statusCode).toBe(401);
  });
});
