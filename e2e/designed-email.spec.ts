import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { BRAND_MESSAGES } from '@postlark/shared/brand-kit';
import { ROUTES } from '@postlark/shared/routes';
import { campaignEditor, sendTestFromEditor } from './support/campaign-pages';
import { signedInCustomer } from './support/customer-area';
import { expect, test } from './support/fixtures';
import { toast } from './support/page-helpers';
import { confirmSender } from './support/senders';

// Issue 33's first hour, as one customer lives it: the brand kit filled on the Brand page, a
// template picked, a photo dropped into one of its columns, two blocks reordered by keyboard, the
// message previewed on a phone and in dark mode, and a test that arrives through SMTP with the
// photo and the logo served by the product, the button in the kit's colour.

const image = (width: number, height: number, background: string) => sharp({ create: { width, height, channels: 3, background } });

test('a new customer designs an email from the brand kit and a template, and a test arrives with its images served by the product', async ({ page, request, baseURL, inbox }) => {
  test.setTimeout(150_000);
  // Below 1100 px the editor has the page's width: the template's columns sit side by side.
  await page.setViewportSize({ width: 1024, height: 900 });
  const customer = await signedInCustomer(page, { request, baseURL: baseURL!, inbox }, 'designed');
  await confirmSender(page, inbox, `news-${randomUUID().slice(0, 8)}@lark.example`);

  // The brand kit: a logo from the library, the buttons in teal.
  await page.goto(ROUTES.media);
  await page.getByLabel('Drop images here, or choose files').setInputFiles({ name: 'lark-logo.png', mimeType: 'image/png', buffer: await image(480, 120, '#0f766e').png().toBuffer() });
  await expect(page.getByRole('list', { name: 'Images' }).getByRole('listitem')).toHaveCount(1);
  await page.goto(ROUTES.brand);
  await page.getByRole('button', { name: 'Choose from your images' }).click();
  await page.getByRole('dialog', { name: 'Choose your logo' }).getByRole('button', { name: 'Insert lark-logo.png' }).click();
  await page.getByRole('textbox', { name: 'Logo alt text' }).fill('Lark & Co.');
  await page.getByRole('textbox', { name: 'Buttons', exact: true }).fill('#0f766e');
  await page.getByRole('button', { name: 'Save brand kit' }).click();
  await expect(toast(page, BRAND_MESSAGES.saved)).toBeVisible();

  // The event invitation: its When and Where side by side, the logo on top.
  await page.goto(ROUTES.newCampaign);
  const editor = campaignEditor(page);
  await editor.template('Event invitation').click();
  await expect(editor.content.getByRole('img', { name: 'Lark & Co.' })).toBeVisible();
  const columns = editor.content.locator('[data-postlark-layout="column"]');
  await expect(columns).toHaveCount(2);

  // A photo dragged from the desktop onto the Where column's text goes into that column.
  const where = columns.nth(1).locator('p').first();
  const box = (await where.boundingBox())!;
  const transfer = await page.evaluateHandle(async (bytes) => {
    const data = new DataTransfer();
    data.items.add(new File([new Uint8Array(bytes)], 'venue.jpg', { type: 'image/jpeg' }));
    return data;
  }, [...(await image(1600, 1000, '#cc6633').jpeg().toBuffer())]);
  await where.dispatchEvent('drop', { dataTransfer: transfer, clientX: box.x + box.width / 2, clientY: box.y + box.height / 2 });
  const upload = page.getByRole('dialog', { name: 'Insert image' });
  await upload.getByRole('textbox', { name: 'Description (alt text)' }).fill('The garden room at the venue');
  await upload.getByRole('button', { name: 'Upload and insert' }).click();
  await expect(upload).toBeHidden();
  const photo = columns.nth(1).getByRole('img', { name: 'The garden room at the venue' });
  await expect(photo).toBeVisible();
  const photoSrc = (await photo.getAttribute('src'))!;
  expect(photoSrc).toMatch(/\/media\/[0-9a-f]{64}\.jpg$/);

  // The closing line moves above the button by keyboard, and a screen reader hears it.
  const closing = editor.content.locator('> p', { hasText: 'Cannot make it?' });
  await closing.click();
  // The photo was left selected as a node; the view has read the click once it shows the text cursor again.
  await expect(editor.content).not.toHaveClass(/ProseMirror-hideselection/);
  await page.keyboard.press('Alt+ArrowUp');
  await expect(page.locator('[aria-live="polite"]').filter({ hasText: 'Moved up' })).toHaveCount(1);
  const blockTexts = () => editor.content.locator('> *').evaluateAll((blocks) => blocks.map((block) => block.textContent ?? ''));
  await expect.poll(async () => (await blockTexts()).slice(-2).map((text) => text.slice(0, 15))).toEqual(['Cannot make it?', 'Save my seat']);

  await editor.name.fill('Garden evening');
  await editor.fromName.fill('Lark & Co.');

  // On a phone the columns stack; in dark mode the message keeps its photo.
  await page.getByRole('group', { name: 'Preview width' }).getByRole('button', { name: 'Phone' }).click();
  await page.getByRole('button', { name: 'Dark mode' }).click();
  await expect(page.locator('iframe[title="Email preview (phone, dark mode)"]')).toBeVisible();
  const [when, venue] = [editor.preview.getByRole('heading', { name: 'When' }), editor.preview.getByRole('img', { name: 'The garden room at the venue' })];
  await expect(venue).toBeVisible();
  await expect(async () => {
    const [above, below] = [await when.boundingBox(), await venue.boundingBox()];
    expect(below!.y).toBeGreaterThan(above!.y + 20);
  }).toPass();

  // The test arrives through SMTP: the photo and the logo from the product, the button in the kit's teal.
  const mail = await sendTestFromEditor(page, inbox, customer.email);
  expect(mail.html).toContain(`src="${photoSrc}"`);
  expect(mail.html).toContain('alt="The garden room at the venue"');
  expect(mail.html).toMatch(/<img[^>]+alt="Lark &amp; Co\."/);
  expect(mail.html).toContain('bgcolor="#0f766e"');
  expect(mail.html.indexOf('Cannot make it?')).toBeLessThan(mail.html.indexOf('Save my seat'));
  const served = await request.get(photoSrc);
  expect(served.status()).toBe(200);
  expect(served.headers()['content-type']).toBe('image/jpeg');
  expect(served.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
});
