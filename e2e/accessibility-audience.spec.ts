import { ROUTES, subscriberPath } from '@postlark/shared/routes';
import { expectNoSeriousViolations, visitAndAudit } from './support/axe';
import { expect, test } from './support/fixtures';
import { seededAccount } from './support/seeded-account';

// Issue 23, point 2: the audience pages, with people, a list, a segment and a form to show, pass
// axe-core, and so do a confirm dialog, the preference centre and the hosted form's pages.

test.describe('accessibility: audience pages', () => {
  test('subscribers, one subscriber, lists, imports, segments, forms and products pass axe', async ({ page, request, baseURL, inbox }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1280, height: 900 });
    const seeded = await seededAccount(page, { request, baseURL: baseURL!, inbox });
    for (const path of [ROUTES.subscribers, subscriberPath(seeded.subscriberId), ROUTES.lists, ROUTES.imports, ROUTES.segments, ROUTES.forms, ROUTES.products]) {
      await visitAndAudit(page, path);
    }

    await page.goto(subscriberPath(seeded.subscriberId));
    await page.getByRole('button', { name: 'Delete subscriber' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this subscriber?' });
    await expect(confirm).toBeVisible();
    await expectNoSeriousViolations(page, 'the delete-subscriber confirm dialog');
  });

  test('the preference centre, a hosted form and the confirm-subscription page pass axe', async ({ page, browser, request, baseURL, inbox }) => {
    test.setTimeout(120_000);
    const seeded = await seededAccount(page, { request, baseURL: baseURL!, inbox });
    const visitor = await browser.newContext();
    try {
      const reader = await visitor.newPage();
      await reader.goto(seeded.preferenceUrl);
      await expect(reader.getByRole('heading', { name: 'Email preferences' })).toBeVisible();
      await expect(reader.getByRole('checkbox', { name: /Weekly/ })).toBeChecked();
      await expectNoSeriousViolations(reader, 'the preference centre');
      await reader.goto(seeded.hostedFormUrl);
      await expect(reader.getByRole('heading', { name: 'Get the Weekly Lark' })).toBeVisible();
      await expectNoSeriousViolations(reader, 'the hosted sign-up form');
      await reader.getByRole('button', { name: 'Subscribe' }).click();
      await expect(reader.getByRole('textbox', { name: 'Email' })).toHaveAttribute('aria-invalid', 'true');
      await expectNoSeriousViolations(reader, 'the hosted sign-up form with an error');
      await reader.goto(`${ROUTES.confirmSubscription}?token=not-a-real-token`);
      await expect(reader.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoSeriousViolations(reader, 'the confirm-subscription page');
    } finally {
      await visitor.close();
    }
  });
});
