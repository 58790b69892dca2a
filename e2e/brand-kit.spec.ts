import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { BRAND_KIT_PATH, BRAND_MESSAGES, DEFAULT_BRAND_KIT } from '@postlark/shared/brand-kit';
import { ROUTES } from '@postlark/shared/routes';
import { dashboardShell, signedInCustomer } from './support/customer-area';
import { expect, test } from './support/fixtures';
import { toast } from './support/page-helpers';
import { campaignEditor } from './support/campaign-pages';
import { BRAND_TEXTS } from '../apps/web/src/features/brand/brand-content';
import { webhookTest } from './support/webhooks';

// Issue 33, point 2: the Brand page under Campaigns: a logo from the media library, colours typed
// as hex, a button shape and a social link, seen in the preview, saved, and there after a reload;
// a new campaign's template drawn with them; a colour that is not one is refused where it was typed.

test.describe('brand kit', () => {
  test('a customer picks a logo from the library, sets colours, a button shape and a social link, and saves them', async ({ page, request, baseURL, inbox }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1440, height: 900 });
    await signedInCustomer(page, { request, baseURL: baseURL!, inbox }, 'brand');
    await page.goto(ROUTES.media);
    const logo = await sharp({ create: { width: 600, height: 150, channels: 4, background: { r: 15, g: 118, b: 110, alpha: 1 } } }).png().toBuffer();
    await page.getByLabel('Drop images here, or choose files').setInputFiles({ name: 'lark-logo.png', mimeType: 'image/png', buffer: logo });
    await expect(page.getByRole('list', { name: 'Images' }).getByRole('listitem')).toHaveCount(1);

    // On the Media page the sidebar's Campaigns list is open: Brand is beside Media.
    const shell = dashboardShell(page);
    await shell.sidebar.getByRole('link', { name: 'Brand' }).click();
    await expect(page).toHaveURL((url) => url.pathname === ROUTES.brand);
    await expect(page.getByRole('heading', { name: 'Brand', level: 1 })).toBeVisible();
    const buttons = page.getByRole('textbox', { name: 'Buttons', exact: true });
    await expect(buttons).toHaveValue('#4f46e5');

    await page.getByRole('button', { name: 'Choose from your images' }).click();
    const picker = page.getByRole('dialog', { name: 'Choose your logo' });
    await picker.getByRole('button', { name: 'Insert lark-logo.png' }).click();
    await expect(picker).toBeHidden();
    await page.getByRole('textbox', { name: 'Logo alt text' }).fill('Lark & Co.');
    await buttons.fill('#0F766E');
    await page.getByRole('textbox', { name: 'Links', exact: true }).fill('#0f766e');
    await page.getByRole('radio', { name: 'Pill' }).check();
    await page.getByRole('button', { name: 'Add a link' }).click();
    await page.getByRole('combobox', { name: 'Network' }).selectOption('instagram');
    await page.getByRole('textbox', { name: 'Address' }).fill('https://instagram.com/larkandco');

    // The preview follows what is typed, before anything is saved.
    const preview = page.getByRole('region', { name: 'Preview' });
    await expect(preview.getByRole('img', { name: 'Lark & Co.' })).toBeVisible();
    const button = preview.getByText('Shop the collection');
    await expect(button).toHaveCSS('background-color', 'rgb(15, 118, 110)');
    await expect(button).toHaveCSS('border-radius', '999px');
    await expect(preview.getByText('Instagram')).toHaveCSS('color', 'rgb(15, 118, 110)');
    await expect(page.getByText('Unsaved changes')).toBeVisible();

    await page.getByRole('button', { name: 'Save brand kit' }).click();
    await expect(toast(page, BRAND_MESSAGES.saved)).toBeVisible();
    await expect(page.getByText('Unsaved changes')).toBeHidden();

    await page.reload();
    await expect(page.getByRole('textbox', { name: 'Buttons', exact: true })).toHaveValue('#0f766e');
    await expect(page.getByRole('radio', { name: 'Pill' })).toBeChecked();
    await expect(page.getByRole('textbox', { name: 'Address' })).toHaveValue('https://instagram.com/larkandco');
    await expect(page.getByRole('region', { name: 'Preview' }).getByRole('img', { name: 'Lark & Co.' })).toHaveAttribute('src', /\/media\/[0-9a-f]{64}\.png$/);

    // A new campaign's template is drawn with it: the logo on top, the button in the kit's look.
    await page.goto(ROUTES.newCampaign);
    const editor = campaignEditor(page);
    await editor.template('Newsletter').click();
    await expect(editor.content.getByRole('img', { name: 'Lark & Co.' })).toBeVisible();
    const templateButton = editor.content.getByRole('link', { name: 'Read the full story' });
    await expect(templateButton).toHaveCSS('background-color', 'rgb(15, 118, 110)');
    await expect(templateButton).toHaveCSS('border-radius', '999px');
    // A button the customer inserts is drawn in the kit's look too.
    await editor.content.getByText('Until next time,').click();
    await editor.toolbar.getByRole('button', { name: 'Button', exact: true }).click();
    const buttonDialog = page.getByRole('dialog', { name: 'Insert button' });
    await buttonDialog.getByRole('textbox', { name: 'Address' }).fill('https://lark.example/new');
    await buttonDialog.getByRole('textbox', { name: 'Button text' }).fill('See what is new');
    await buttonDialog.getByRole('button', { name: 'Insert button' }).click();
    const insertedButton = editor.content.getByRole('link', { name: 'See what is new' });
    await expect(insertedButton).toHaveCSS('background-color', 'rgb(15, 118, 110)');
    await expect(insertedButton).toHaveCSS('border-radius', '999px');
    await page.goto(ROUTES.brand);

    // A colour that is not one is refused beside its field, and nothing is sent.
    await page.getByRole('textbox', { name: 'Text', exact: true }).fill('#12');
    await page.getByRole('button', { name: 'Save brand kit' }).click();
    await expect(page.getByRole('textbox', { name: 'Text', exact: true })).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText(BRAND_MESSAGES.colorInvalid)).toBeVisible();
    await page.setViewportSize({ width: 375, height: 800 });
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });

  test('a dark logo on a transparent background is flagged for dark mode; the hosted sign-up page is drawn with the kit', async ({ page, browser, request, baseURL, inbox }) => {
    test.setTimeout(90_000);
    await signedInCustomer(page, { request, baseURL: baseURL!, inbox }, 'brand-pages');
    const api = page.request;
    // A near-black mark with a transparent margin, as many logos are exported.
    const mark = await sharp({ create: { width: 200, height: 50, channels: 4, background: { r: 17, g: 24, b: 39, alpha: 1 } } }).png().toBuffer();
    const dark = await sharp({ create: { width: 400, height: 100, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } }).composite([{ input: mark, left: 100, top: 25 }]).png().toBuffer();
    const uploaded = await api.post('/api/media/v1/images', { multipart: { file: { name: 'ink-logo.png', mimeType: 'image/png', buffer: dark }, alt: 'Ink & Quill' } });
    expect(uploaded.status()).toBe(201);
    const { updated_at: _never, ...defaults } = DEFAULT_BRAND_KIT;
    const colors = { ...defaults.colors, button: '#c2410c', button_text: '#ffffff', text: '#1c1917', background: '#fffbeb' };
    const saved = await api.put(`/api/${BRAND_KIT_PATH}`, { data: { ...defaults, logo: { media_id: (await uploaded.json()).payload.id, alt: 'Ink & Quill', width: 200 }, colors, fonts: { body: 'georgia', heading: 'georgia', web_font: null }, button_shape: 'square' } });
    expect(saved.status()).toBe(200);

    await page.goto(ROUTES.brand);
    await expect(page.getByText(BRAND_TEXTS.logoFadesOnDark)).toBeVisible();
    await expect(page.getByText(BRAND_TEXTS.logoOnDark)).toBeVisible();

    const list = (await (await api.post('/api/audience/v1/lists', { data: { name: 'Ink letters', double_opt_in: true } })).json()).payload.list;
    const form = (await (await api.post('/api/audience/v1/forms', { data: { name: 'Footer', list_id: list.id, title: 'Get the Ink letters', intro: '' } })).json()).payload.form;
    const visitor = await browser.newContext();
    try {
      const reader = await visitor.newPage();
      await reader.goto(form.hosted_url);
      await expect(reader.getByRole('img', { name: 'Ink & Quill' })).toBeVisible();
      const subscribe = reader.getByRole('button', { name: 'Subscribe' });
      await expect(subscribe).toHaveCSS('background-color', 'rgb(194, 65, 12)');
      await expect(subscribe).toHaveCSS('border-radius', '0px');
      await expect(reader.getByRole('heading', { name: 'Get the Ink letters' })).toHaveCSS('font-family', /^Georgia/);
      await expect(reader.locator('.subscriber-card')).toHaveCSS('background-color', 'rgb(255, 251, 235)');
    } finally {
      await visitor.close();
    }
  });
});

// "Fill from my website": the customer's site (here on this machine, which a server whose address
// guard allows loopback reaches, WEBHOOKS_ALLOW_LOCAL) read for its logo and colours, shown with
// where they came from, used to fill the form, and saved with the kit.
webhookTest('a customer fills the kit from their website, checks it, and saves it', async ({ page, request, baseURL, inbox }) => {
  webhookTest.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const logo = await sharp({ create: { width: 400, height: 100, channels: 4, background: { r: 15, g: 118, b: 110, alpha: 1 } } }).png().toBuffer();
  const pages: Record<string, [string, string | Buffer]> = {
    '/': ['text/html', '<html><head><title>Lark</title><meta property="og:site_name" content="Lark &amp; Co."><meta name="theme-color" content="#0f766e"><link rel="stylesheet" href="/site.css"></head><body><header><img class="site-logo" src="/logo.png" alt="Lark"></header></body></html>'],
    '/site.css': ['text/css', 'body { color: #1c1917; background: #fffbeb } a { color: #b45309 } .btn { background: #b45309 }'],
    '/logo.png': ['image/png', logo],
  };
  const site = createServer((incoming, response) => {
    const found = pages[incoming.url ?? ''];
    if (found) response.writeHead(200, { 'content-type': found[0] }).end(found[1]);
    else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  try {
    await signedInCustomer(page, { request, baseURL: baseURL!, inbox }, 'brand-website');
    await page.goto(ROUTES.brand);
    const section = page.getByRole('group', { name: 'Fill from my website' });
    const address = section.getByRole('textbox', { name: 'Your website' });
    await address.fill('lark.example');
    await section.getByRole('button', { name: 'Read my website' }).click();
    await expect(section.getByText(BRAND_MESSAGES.websiteUrl)).toBeVisible();

    await address.fill(`http://127.0.0.1:${(site.address() as AddressInfo).port}/`);
    // Enter reads the site; it does not save the kit.
    await address.press('Enter');
    const found = section.getByRole('region', { name: 'Found on Lark & Co.' });
    await expect(found.getByText('#b45309').first()).toBeVisible();
    await expect(found.getByText('Primary #0f766e', { exact: true })).toBeVisible();
    await found.getByText('Where each came from').click();
    await expect(found.getByText('Primary #0f766e is the theme colour.')).toBeVisible();

    await found.getByRole('button', { name: 'Use these' }).click();
    await expect(found).toBeHidden();
    await expect(page.getByRole('textbox', { name: 'Buttons', exact: true })).toHaveValue('#b45309');
    await expect(page.getByRole('textbox', { name: 'Primary', exact: true })).toHaveValue('#0f766e');
    await expect(page.getByRole('textbox', { name: 'Background', exact: true })).toHaveValue('#fffbeb');
    const preview = page.getByRole('region', { name: 'Preview' });
    await expect(preview.getByRole('img', { name: 'Lark & Co.' })).toHaveAttribute('src', /\/media\/[0-9a-f]{64}\.png$/);
    await expect(page.getByText('Unsaved changes')).toBeVisible();

    await page.getByRole('button', { name: 'Save brand kit' }).click();
    await expect(toast(page, BRAND_MESSAGES.saved)).toBeVisible();
    await page.reload();
    await expect(page.getByRole('textbox', { name: 'Buttons', exact: true })).toHaveValue('#b45309');
    await expect(page.getByRole('region', { name: 'Preview' }).getByRole('img', { name: 'Lark & Co.' })).toBeVisible();
  } finally {
    site.closeAllConnections();
    await new Promise((resolve) => site.close(resolve));
  }
});
