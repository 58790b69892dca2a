import sharp from 'sharp';
import { ROUTES } from '@postlark/shared/routes';
import { signedInCustomer } from '../../support/customer-area';
import { test } from '../../support/fixtures';
import { shoot, WIDTHS } from '../shoot';

// The Brand page with a logo, colours, a pill button and social links, and the hosted sign-up
// page drawn with that kit, at desktop and phone widths, into e2e/screenshots/out/.

const LOGO = `<svg xmlns="http://www.w3.org/2000/svg" width="520" height="120"><rect width="120" height="120" rx="28" fill="#0f766e"/><circle cx="60" cy="60" r="26" fill="#fde68a"/><text x="150" y="80" font-family="Georgia" font-size="56" fill="#0f766e">Lark &amp; Co.</text></svg>`;

for (const [label, viewport] of Object.entries(WIDTHS)) {
  test(`brand kit at ${label} width`, async ({ page, request, baseURL, inbox }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(viewport);
    await signedInCustomer(page, { request, baseURL: baseURL!, inbox }, `shots-brand-${label}`, { first_name: 'Ada' });
    await page.goto(ROUTES.media);
    await page.getByLabel('Drop images here, or choose files').setInputFiles({ name: 'lark-logo.png', mimeType: 'image/png', buffer: await sharp(Buffer.from(LOGO)).png().toBuffer() });
    await page.getByRole('list', { name: 'Images' }).getByRole('listitem').first().waitFor();
    await page.goto(ROUTES.brand);
    await page.getByRole('button', { name: 'Choose from your images' }).click();
    await page.getByRole('dialog', { name: 'Choose your logo' }).getByRole('button', { name: 'Insert lark-logo.png' }).click();
    await page.getByRole('textbox', { name: 'Logo alt text' }).fill('Lark & Co.');
    for (const [name, value] of [['Primary', '#0f766e'], ['Links', '#0f766e'], ['Buttons', '#0f766e'], ['Background', '#fffdf7']] as const) {
      await page.getByRole('textbox', { name, exact: true }).fill(value);
    }
    await page.getByRole('combobox', { name: 'Heading font' }).selectOption('georgia');
    await page.getByRole('radio', { name: 'Pill' }).check();
    for (const [network, url] of [['instagram', 'https://instagram.com/larkandco'], ['website', 'https://lark.example']] as const) {
      await page.getByRole('button', { name: 'Add a link' }).click();
      await page.getByRole('combobox', { name: 'Network' }).last().selectOption(network);
      await page.getByRole('textbox', { name: 'Address' }).last().fill(url);
    }
    await shoot(page, `brand-${label}`);

    // The hosted sign-up page a reader opens, drawn with the kit once it is saved.
    await page.getByRole('button', { name: 'Save brand kit' }).click();
    await page.getByText('Unsaved changes').waitFor({ state: 'hidden' });
    const list = (await (await page.request.post('/api/audience/v1/lists', { data: { name: 'Lark letters', double_opt_in: true } })).json()).payload.list;
    const form = (await (await page.request.post('/api/audience/v1/forms', { data: { name: 'Footer', list_id: list.id, title: 'Get the Lark letters', intro: 'One letter every Sunday: what is new in the shop, and what we are reading.' } })).json()).payload.form;
    await page.goto(form.hosted_url);
    await page.getByRole('img', { name: 'Lark & Co.' }).waitFor();
    await shoot(page, `brand-hosted-form-${label}`);
  });
}
