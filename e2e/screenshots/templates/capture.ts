import { TEMPLATE_GALLERY_PATH, type TemplateGalleryItem } from '@postlark/shared/campaign-templates';
import { ROUTES } from '@postlark/shared/routes';
import { signedInCustomer } from '../../support/customer-area';
import { test } from '../../support/fixtures';
import { OUT, shoot, WIDTHS } from '../shoot';

// The template gallery as a new campaign shows it, at desktop and phone widths, and each template's
// message as readers get it at 600 and 375 px, light and dark (the reader's own dark mode, which
// the message's prefers-color-scheme styles answer), into e2e/screenshots/out/.

for (const [label, viewport] of Object.entries(WIDTHS)) {
  test(`template gallery at ${label} width`, async ({ page, request, baseURL, inbox }) => {
    // Tall enough for every card at once: a frame outside the window is not painted in a full-page shot.
    await page.setViewportSize({ width: viewport.width, height: 3200 });
    await signedInCustomer(page, { request, baseURL: baseURL!, inbox }, `shots-gallery-${label}`, { first_name: 'Ada' });
    await page.goto(ROUTES.newCampaign);
    const frames = page.locator('.campaign-template__frame');
    await frames.first().waitFor();
    await frames.last().waitFor();
    await shoot(page, `template-gallery-${label}`);
  });
}

test('each template as readers get it, 600 and 375 px, light and dark', async ({ page, request, baseURL, inbox }) => {
  test.setTimeout(300_000);
  await signedInCustomer(page, { request, baseURL: baseURL!, inbox }, 'shots-templates', { first_name: 'Ada' });
  const answer = await page.request.get(`/api/${TEMPLATE_GALLERY_PATH}`);
  const templates: TemplateGalleryItem[] = (await answer.json()).payload.templates;
  for (const template of templates) {
    for (const width of [600, 375]) {
      for (const scheme of ['light', 'dark'] as const) {
        await page.setViewportSize({ width, height: 900 });
        await page.emulateMedia({ colorScheme: scheme });
        await page.setContent(template.preview_html, { waitUntil: 'load' });
        await page.screenshot({ path: `${OUT}template-${template.id}-${width}-${scheme}.png`, fullPage: true });
      }
    }
  }
});
