import { AUDIENCE_MESSAGES } from '@postlark/shared/audience';
import { PREFERENCE_CENTRE_MESSAGES } from '@postlark/shared/preferences';
import { ROUTES } from '@postlark/shared/routes';
import { listsPage } from './support/audience-pages';
import { signedInCustomer } from './support/customer-area';
import { toast } from './support/page-helpers';
import { expect, test } from './support/fixtures';

// Issue 5, point 7: a subscriber manages their lists and unsubscribes through the preference
// centre their emails link to, signed out, in a browser of their own.

test.describe('preference centre', () => {
  test('a subscriber chooses their lists, then unsubscribes from everything', async ({ page, browser, request, baseURL, inbox }) => {
    await signedInCustomer(page, { request, baseURL: baseURL!, inbox }, 'prefs-owner');
    const api = page.request;
    const listIds: string[] = [];
    for (const name of ['Weekly digest', 'Product news']) {
      const created = await api.post('/api/audience/v1/lists', { data: { name, public_description: name === 'Weekly digest' ? 'Every Sunday morning' : '' } });
      expect(created.status()).toBe(201);
      listIds.push((await created.json()).payload.list.id);
    }
    const added = await api.post('/api/audience/v1/subscribers', { data: { email: 'reader@example.com', list_ids: listIds } });
    const { id } = (await added.json()).payload.subscriber;
    const subscriberUrl = `/api/audience/v1/subscribers/${id}`;
    const { preference_url: link } = (await (await api.get(subscriberUrl)).json()).payload;
    expect(link).toMatch(new RegExp(`^${baseURL}/u/[A-Za-z0-9_-]{22}\\.[A-Za-z0-9_-]{22}$`));

    const subscriberContext = await browser.newContext();
    try {
      const reader = await subscriberContext.newPage();
      const response = await reader.goto(link);
      expect(response?.headers()['referrer-policy']).toBe('no-referrer');
      await expect(reader.getByRole('heading', { name: 'Email preferences' })).toBeVisible();
      await expect(reader.getByText('reader@example.com')).toBeVisible();
      const digest = reader.getByRole('checkbox', { name: /Weekly digest/ });
      const news = reader.getByRole('checkbox', { name: /Product news/ });
      await expect(digest).toBeChecked();
      await expect(news).toBeChecked();
      await expect(reader.getByText('Every Sunday morning')).toBeVisible();

      await news.uncheck();
      await reader.getByRole('button', { name: 'Save my choices' }).click();
      await expect(reader.getByRole('status').filter({ hasText: PREFERENCE_CENTRE_MESSAGES.saved })).toBeVisible();
      await reader.reload();
      await expect(reader.getByRole('checkbox', { name: /Product news/ })).not.toBeChecked();
      let lists = (await (await api.get(subscriberUrl)).json()).payload.lists.map((list: { list_name: string; status: string }) => `${list.list_name}:${list.status}`);
      expect(lists).toEqual(['Product news:unsubscribed', 'Weekly digest:confirmed']);

      await reader.getByRole('button', { name: 'Unsubscribe from everything' }).click();
      await expect(reader.getByRole('status').filter({ hasText: PREFERENCE_CENTRE_MESSAGES.unsubscribedAll })).toBeVisible();
      await expect(reader.getByRole('checkbox', { name: /Weekly digest/ })).not.toBeChecked();
      const after = (await (await api.get(subscriberUrl)).json()).payload;
      expect(after.status).toBe('unsubscribed');
      lists = after.lists.map((list: { list_name: string; status: string }) => `${list.list_name}:${list.status}`);
      expect(lists).toEqual(['Product news:unsubscribed', 'Weekly digest:unsubscribed']);

      // The customer sees what happened on the subscriber's page, newest first.
      await page.goto(`/dashboard/subscribers/${id}`);
      const activity = page.getByRole('region', { name: 'Activity' }).getByRole('listitem');
      await expect(activity).toHaveText([
        /^Left Weekly digest/,
        /^Unsubscribed from everything/,
        /^Left Product news/,
        /^Joined Product news/,
        /^Joined Weekly digest/,
        /^Added by hand/,
      ]);

      // A changed link shows the generic message and nothing else.
      await reader.goto(`${link.slice(0, -3)}abc`);
      await expect(reader.getByRole('alert')).toHaveText(PREFERENCE_CENTRE_MESSAGES.badLink);
      await expect(reader.getByRole('checkbox')).toHaveCount(0);
    } finally {
      await subscriberContext.close();
    }
  });

  // Issue 38, point 2: the list's description is the customer's private note; readers see only
  // the description written for them.
  test('the preference centre shows a list’s description for subscribers, never its private note', async ({ page, browser, request, baseURL, inbox }) => {
    await signedInCustomer(page, { request, baseURL: baseURL!, inbox }, 'prefs-public');
    const lists = listsPage(page);
    await page.goto(ROUTES.lists);
    await lists.create.click();
    await lists.dialog.name.fill('Weekly digest');
    await expect(lists.dialog.root.getByText('Only you see it')).toBeVisible();
    await expect(lists.dialog.root.getByText('Readers see it under the list’s name in their preference centre')).toBeVisible();
    await lists.dialog.description.fill('Warm leads from the October webinar');
    await lists.dialog.publicDescription.fill('Our best reads, every Sunday morning');
    await lists.dialog.submit.click();
    await expect(toast(page, AUDIENCE_MESSAGES.listCreated).last()).toBeVisible();
    await expect(lists.dialog.root).toBeHidden();

    // Both are kept, and the Edit list dialog shows each in its own field.
    await lists.card('Weekly digest').getByRole('button', { name: /Edit/ }).click();
    await expect(lists.dialog.description).toHaveValue('Warm leads from the October webinar');
    await expect(lists.dialog.publicDescription).toHaveValue('Our best reads, every Sunday morning');
    await lists.dialog.root.getByRole('button', { name: 'Cancel' }).click();

    const listId = (await (await page.request.get('/api/audience/v1/lists')).json()).payload.lists[0].id;
    const added = await page.request.post('/api/audience/v1/subscribers', { data: { email: 'public-reader@example.com', list_ids: [listId] } });
    const { id } = (await added.json()).payload.subscriber;
    const { preference_url: link } = (await (await page.request.get(`/api/audience/v1/subscribers/${id}`)).json()).payload;

    const readerContext = await browser.newContext();
    try {
      const reader = await readerContext.newPage();
      await reader.goto(link);
      await expect(reader.getByRole('checkbox', { name: /Weekly digest/ })).toBeChecked();
      await expect(reader.getByText('Our best reads, every Sunday morning')).toBeVisible();
      await expect(reader.getByText('Warm leads from the October webinar')).toHaveCount(0);
      expect(await reader.content()).not.toContain('October webinar');
    } finally {
      await readerContext.close();
    }
  });
});
