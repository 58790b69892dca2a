import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { MEDIA_MESSAGES } from '@postlark/shared/media';
import type { Page } from '@playwright/test';
import { campaignEditor, sendTestFromEditor } from './support/campaign-pages';
import { signedInCustomer } from './support/customer-area';
import { expect, test } from './support/fixtures';
import { toast } from './support/page-helpers';
import { confirmSender } from './support/senders';
import { webhookTest } from './support/webhooks';
import { STRONG_PASSWORD } from './support/accounts';

// Issue 33, point 1: images uploaded to the product, not hot-linked: on the Media page (under
// Campaigns), and dropped straight into the editor, asked for their alt text, and in the mail
// served from the product's own /media/ address.

const photo = (width: number, height: number, background: string) => sharp({ create: { width, height, channels: 3, background } }).jpeg().toBuffer();

/** A drop of `file` on `target`, as a browser makes one when a file is dragged in from the desktop. */
async function dropFile(page: Page, selector: string, file: { name: string; type: string; bytes: Buffer }) {
  const transfer = await page.evaluateHandle(({ name, type, bytes }) => {
    const data = new DataTransfer();
    data.items.add(new File([new Uint8Array(bytes)], name, { type }));
    return data;
  }, { name: file.name, type: file.type, bytes: [...file.bytes] });
  // Where the pointer lets go: ProseMirror places a drop by its coordinates.
  const box = (await page.locator(selector).boundingBox())!;
  await page.dispatchEvent(selector, 'drop', { dataTransfer: transfer, clientX: box.x + box.width / 2, clientY: box.y + 10 });
}

test.describe('media library', () => {
  test('the Media page uploads images, keeps their alt text, searches and deletes', async ({ page, request, baseURL, inbox }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signedInCustomer(page, { request, baseURL: baseURL!, inbox }, 'media');
    // Under Campaigns in the sidebar.
    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('button', { name: 'Campaigns' }).click();
    await page.getByRole('list', { name: 'Campaigns' }).getByRole('link', { name: 'Media' }).click();
    await expect(page).toHaveURL(/\/dashboard\/media$/);
    await expect(page.getByRole('heading', { name: 'Media', level: 1 })).toBeVisible();
    await expect(page.getByText('No images yet.', { exact: false })).toBeVisible();

    await page.getByLabel('Drop images here, or choose files').setInputFiles([
      { name: 'harbour.jpg', mimeType: 'image/jpeg', buffer: await photo(2400, 1600, '#2266aa') },
      { name: 'logo.png', mimeType: 'image/png', buffer: await sharp({ create: { width: 300, height: 120, channels: 4, background: '#ff660080' } }).png().toBuffer() },
    ]);
    const images = page.getByRole('list', { name: 'Images' });
    await expect(images.getByRole('listitem')).toHaveCount(2);
    // Scaled for email: at most 1200 px wide.
    await expect(images.getByRole('listitem').filter({ hasText: 'harbour.jpg' })).toContainText('1200 × 800 · JPEG');
    await expect(images.getByRole('listitem').filter({ hasText: 'logo.png' })).toContainText('300 × 120 · PNG');

    const harbour = images.getByRole('listitem').filter({ hasText: 'harbour.jpg' });
    await harbour.getByRole('textbox', { name: 'Alt text' }).fill('The harbour at dawn');
    await harbour.getByRole('button', { name: 'Save alt text of harbour.jpg' }).click();
    await expect(toast(page, MEDIA_MESSAGES.updated)).toBeVisible();
    await page.reload();
    await expect(page.getByRole('list', { name: 'Images' }).getByRole('img', { name: 'The harbour at dawn' })).toBeVisible();

    // A file that is not what it says is refused with the reason, and nothing is added.
    await page.getByLabel('Drop images here, or choose files').setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>') });
    await expect(page.getByRole('alert').filter({ hasText: `fake.png: ${MEDIA_MESSAGES.svgRefused}` })).toBeVisible();
    await expect(images.getByRole('listitem')).toHaveCount(2);

    await page.getByRole('searchbox', { name: 'Search images' }).fill('dawn');
    await expect(images.getByRole('listitem')).toHaveCount(1);
    await page.getByRole('searchbox', { name: 'Search images' }).fill('');
    await expect(images.getByRole('listitem')).toHaveCount(2);

    await images.getByRole('button', { name: 'Delete logo.png' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this image?' });
    await expect(dialog).toContainText('No campaign or automation uses it.');
    await dialog.getByRole('button', { name: 'Delete image' }).click();
    await expect(toast(page, MEDIA_MESSAGES.deleted)).toBeVisible();
    await expect(images.getByRole('listitem')).toHaveCount(1);

    // A phone: the page fits without sideways scrolling.
    await page.setViewportSize({ width: 375, height: 800 });
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });

  test('an image dropped into the editor asks for its alt text, is uploaded, and arrives in the mail from the product', async ({ page, request, baseURL, inbox }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1440, height: 900 });
    const customer = await signedInCustomer(page, { request, baseURL: baseURL!, inbox }, 'media-editor');
    await confirmSender(page, inbox, `news-${randomUUID().slice(0, 8)}@lark.example`);
    const editor = campaignEditor(page);
    await page.goto('/dashboard/campaigns/new');
    await editor.blank.click();
    await editor.content.click();
    await editor.content.pressSequentially('Spring is here.');

    await dropFile(page, '.rich-text-editor__content', { name: 'tulips.jpg', type: 'image/jpeg', bytes: await photo(1600, 1000, '#cc3366') });
    const dialog = page.getByRole('dialog', { name: 'Insert image' });
    await expect(dialog.getByRole('tab', { name: 'Upload', selected: true })).toBeVisible();
    await expect(dialog).toContainText('tulips.jpg');
    await dialog.getByRole('textbox', { name: 'Description (alt text)' }).fill('Red tulips in the park');
    await dialog.getByRole('button', { name: 'Upload and insert' }).click();
    await expect(dialog).toBeHidden();
    const inserted = editor.content.getByRole('img', { name: 'Red tulips in the park' });
    await expect(inserted).toBeVisible();
    const src = (await inserted.getAttribute('src'))!;
    expect(src).toMatch(/\/media\/[0-9a-f]{64}\.jpg$/);
    // Shown at the column's width, whatever its pixels (Outlook for Windows reads the attribute).
    await expect(inserted).toHaveAttribute('width', '600');

    // The library has it; the picker offers it for the next image.
    await editor.toolbar.getByRole('button', { name: 'Image' }).click();
    await expect(dialog.getByRole('tab', { name: 'Your images', selected: true })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Insert tulips.jpg' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    await editor.name.fill('Spring letter');
    await editor.subject.fill('Spring');
    await editor.fromName.fill('Lark Letters');
    const mail = await sendTestFromEditor(page, inbox, customer.email);
    expect(mail.html).toContain(`src="${src}"`);
    expect(mail.html).toContain('alt="Red tulips in the park"');
    // What an inbox fetches: the product serves it, cached for a year.
    const served = await request.get(src);
    expect(served.status()).toBe(200);
    expect(served.headers()['content-type']).toBe('image/jpeg');
    expect(served.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await sharp(await served.body()).metadata()).width).toBe(1200);
  });
});

// A catalogue product's image, chosen in the picker's Products tab: copied into the library by the
// server (from the shop's image server on this machine: a server whose address guard allows
// loopback, WEBHOOKS_ALLOW_LOCAL), then inserted from the library's address with its title as alt.
webhookTest('a product’s image is chosen in the picker, copied into the library, and inserted from it', async ({ page, request, baseURL, inbox }) => {
  webhookTest.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const shopImage = await photo(900, 900, '#3366aa');
  const shop = createServer((_request, response) => response.writeHead(200, { 'content-type': 'image/jpeg' }).end(shopImage));
  await new Promise<void>((resolve) => shop.listen(0, '127.0.0.1', resolve));
  try {
    await signedInCustomer(page, { request, baseURL: baseURL!, inbox }, 'media-products');
    const key = (await (await page.request.post('/api/home/v1/api-keys', { data: { name: 'Shop', current_password: STRONG_PASSWORD } })).json()).payload.key as string;
    const saved = await page.request.put('/api/v1/products/mug-1', {
      headers: { authorization: `Bearer ${key}` },
      data: { title: 'Blue enamel mug', image_url: `http://127.0.0.1:${(shop.address() as AddressInfo).port}/mug.jpg` },
    });
    expect(saved.status()).toBe(201);

    const editor = campaignEditor(page);
    await page.goto('/dashboard/campaigns/new');
    await editor.blank.click();
    await editor.content.click();
    await editor.toolbar.getByRole('button', { name: 'Image' }).click();
    const dialog = page.getByRole('dialog', { name: 'Insert image' });
    await dialog.getByRole('tab', { name: 'Products' }).click();
    await dialog.getByRole('searchbox', { name: 'Search products' }).fill('mug');
    await dialog.getByRole('button', { name: 'Use Blue enamel mug' }).click();
    const alt = dialog.getByRole('textbox', { name: 'Description (alt text)' });
    await expect(alt).toHaveValue('Blue enamel mug');
    await dialog.getByRole('button', { name: 'Insert image' }).click();
    await expect(dialog).toBeHidden();
    const inserted = editor.content.getByRole('img', { name: 'Blue enamel mug' });
    await expect(inserted).toHaveAttribute('src', /\/media\/[0-9a-f]{64}\.jpg$/);
    await expect(inserted).toHaveAttribute('width', '600');

    // The copy is in the library, named after the product.
    await page.goto('/dashboard/media');
    await expect(page.getByRole('list', { name: 'Images' }).getByText('Blue enamel mug')).toBeVisible();
  } finally {
    shop.closeAllConnections();
    await new Promise((resolve) => shop.close(resolve));
  }
});
