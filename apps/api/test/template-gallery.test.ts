import { BRAND_KIT_PATH, type BrandKitInput, DEFAULT_BRAND_KIT } from '@postlark/shared/brand-kit';
import { CAMPAIGN_TEMPLATES, TEMPLATE_GALLERY_PATH, type TemplateGalleryItem } from '@postlark/shared/campaign-templates';
import { describe, expect, it } from 'vitest';
import { useAccountsApp } from './support/accounts-app';
import { callWithKey, customerWithKey } from './support/api-keys';

// Issue 33, points 5 and 7: the gallery of starting templates, each drawn with the account's
// brand kit and laid out as readers get it, for the dashboard's picker and the public API.

const accounts = useAccountsApp();

const kit = (overrides: Partial<BrandKitInput> = {}): BrandKitInput => {
  const { updated_at: _never, logo: _logo, ...defaults } = DEFAULT_BRAND_KIT;
  return { ...defaults, logo: null, ...overrides };
};

describe('the template gallery', () => {
  it('lists every template with the message it makes, laid out for mail clients', async () => {
    const customer = await accounts.signedInCustomer();
    const response = await accounts.call('GET', TEMPLATE_GALLERY_PATH, customer.cookie);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const templates: TemplateGalleryItem[] = response.json().payload.templates;
    expect(templates.map((template) => template.id)).toEqual(CAMPAIGN_TEMPLATES.map((template) => template.id));
    const digest = templates.find((template) => template.id === 'digest')!;
    expect(digest.html).toBe(CAMPAIGN_TEMPLATES.find((template) => template.id === 'digest')!.html);
    // Its columns side by side on a desktop, in Outlook's ghost tables, the sample reader's greeting.
    expect(digest.preview_html).toContain('mj-column-per-50');
    expect(digest.preview_html).toContain('<!--[if mso | IE]>');
    expect(digest.preview_html).toContain('Hi there,');
    expect(digest.preview_html).toContain('Your postal address');

    expect((await accounts.app.inject({ method: 'GET', url: `/api/${TEMPLATE_GALLERY_PATH}` })).statusCode).toBe(401);
  });

  it('draws every template with the brand kit once it is saved', async () => {
    const customer = await accounts.signedInCustomer();
    const before: TemplateGalleryItem[] = (await accounts.call('GET', TEMPLATE_GALLERY_PATH, customer.cookie)).json().payload.templates;
    expect(before[0]!.preview_html).toContain('bgcolor="#4f46e5"');

    const saved = await accounts.call('PUT', BRAND_KIT_PATH, customer.cookie, kit({ colors: { ...DEFAULT_BRAND_KIT.colors, button: '#0f766e', text: '#223344' }, button_shape: 'square', social_links: [{ network: 'instagram', url: 'https://instagram.com/larkandco' }] }));
    expect(saved.statusCode, saved.body).toBe(200);
    const after: TemplateGalleryItem[] = (await accounts.call('GET', TEMPLATE_GALLERY_PATH, customer.cookie)).json().payload.templates;
    const sale = after.find((template) => template.id === 'sale')!;
    expect(sale.html).toContain('background:#0f766e');
    expect(sale.preview_html).toContain('bgcolor="#0f766e"');
    expect(sale.preview_html).not.toContain('bgcolor="#4f46e5"');
    expect(sale.preview_html).toContain('color:#223344');
    // The footer carries the kit's social links.
    expect(sale.preview_html).toContain('href="https://instagram.com/larkandco"');
    // Another account keeps the product's own look.
    const other = await accounts.signedInCustomer();
    const theirs: TemplateGalleryItem[] = (await accounts.call('GET', TEMPLATE_GALLERY_PATH, other.cookie)).json().payload.templates;
    expect(theirs.find((template) => template.id === 'sale')!.preview_html).toContain('bgcolor="#4f46e5"');
  });

  it('is the public API’s /v1/templates, with a key', async () => {
    const { key } = await customerWithKey(accounts);
    const response = await callWithKey(accounts, key, 'GET', 'templates');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().payload.templates).toHaveLength(CAMPAIGN_TEMPLATES.length);
    expect((await callWithKey(accounts, undefined, 'GET', 'templates')).statusCode).toBe(401);
  });
});
