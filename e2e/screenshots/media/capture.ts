import sharp from 'sharp';
import { ROUTES } from '@postlark/shared/routes';
import { signedInCustomer } from '../../support/customer-area';
import { test } from '../../support/fixtures';
import { shoot, WIDTHS } from '../shoot';

// The Media page with a few uploads, and the editor's Insert image dialog on its library, at
// desktop and phone widths, into e2e/screenshots/out/.

async function picture(width: number, height: number, from: string, to: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/><circle cx="${width * 0.7}" cy="${height * 0.35}" r="${height * 0.18}" fill="#fff" fill-opacity="0.55"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

for (const [label, viewport] of Object.entries(WIDTHS)) {
  test(`media library at ${label} width`, async ({ page, request, baseURL, inbox }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(viewport);
    await signedInCustomer(page, { request, baseURL: baseURL!, inbox }, `shots-media-${label}`, { first_name: 'Ada' });
    await page.goto(ROUTES.media);
    await page.getByLabel('Drop images here, or choose files').setInputFiles([
      { name: 'harbour-at-dawn.jpg', mimeType: 'image/jpeg', buffer: await picture(2400, 1600, '#1e3a8a', '#f97316') },
      { name: 'spring-menu.jpg', mimeType: 'image/jpeg', buffer: await picture(1600, 1600, '#065f46', '#fde68a') },
      { name: 'team-photo.jpg', mimeType: 'image/jpeg', buffer: await picture(3000, 2000, '#7c3aed', '#fbcfe8') },
    ]);
    await page.getByRole('list', { name: 'Images' }).getByRole('listitem').nth(2).waitFor();
    await page.getByRole('textbox', { name: 'Alt text' }).first().fill('The team outside the shop');
    await shoot(page, `media-page-${label}`);

    await page.goto('/dashboard/campaigns/new');
    await page.getByRole('button', { name: 'Start from scratch' }).click();
    await page.getByRole('toolbar', { name: 'Formatting' }).getByRole('button', { name: 'Image' }).click();
    await page.getByRole('dialog', { name: 'Insert image' }).getByRole('list', { name: 'Images' }).getByRole('listitem').nth(2).waitFor();
    await shoot(page, `media-picker-${label}`);
    const dialog = page.getByRole('dialog', { name: 'Insert image' });
    await dialog.getByRole('tab', { name: 'Products' }).click();
    await dialog.getByText('No product in your catalogue has an image yet').waitFor();
    await shoot(page, `media-picker-products-${label}`);
  });
}
