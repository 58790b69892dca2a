import { AUDIENCE_MESSAGES } from '@postlark/shared/audience';
import { ROUTES } from '@postlark/shared/routes';
import { expectFieldError } from './support/account-pages';
import { addSubscribersByApi, createListByForm, listsPage, subscriberPage, subscribersPage } from './support/audience-pages';
import { dashboardShell, signedInCustomer } from './support/customer-area';
import { expect, test } from './support/fixtures';
import { toast } from './support/page-helpers';

// Issue 5: the dashboard's Subscribers pages against the real server — lists, adding subscribers,
// the table's search, filters, order and pages, one subscriber's edit and delete.

const PEOPLE = [
  { email: 'ada.lovelace@example.com', first: 'Ada', last: 'Lovelace', list: 'Weekly digest' },
  { email: 'grace.hopper@example.com', first: 'Grace', last: 'Hopper', list: 'Product news' },
  { email: 'alan.turing@example.com', first: 'Alan', last: 'Turing', list: 'Weekly digest' },
] as const;

test.describe('audience: subscribers and lists', () => {
  test('the sidebar leads to Lists, where lists are created, renamed and deleted', async ({ page, request, baseURL, inbox }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signedInCustomer(page, { request, baseURL: baseURL!, inbox }, 'lists');
    const shell = dashboardShell(page);

    // The sidebar's Subscribers item opens its two pages.
    await shell.sidebar.getByRole('button', { name: 'Subscribers' }).click();
    await shell.sidebar.getByRole('link', { name: 'Lists' }).click();
    await expect(page).toHaveURL((url) => url.pathname === ROUTES.lists);
    const lists = listsPage(page);
    await expect(lists.heading).toBeVisible();
    await expect(shell.sidebar.getByRole('link', { name: 'Lists' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('heading', { name: 'No lists yet' })).toBeVisible();

    await createListByForm(page, 'Weekly digest', 'The Sunday round-up', true);
    await createListByForm(page, 'Product news', '', false);
    await expect(lists.card('Weekly digest')).toContainText('Double opt-in');
    await expect(lists.card('Weekly digest')).toContainText('The Sunday round-up');
    await expect(lists.card('Product news')).toContainText('Single opt-in');
    // A second list of the same name is refused under the name.
    await lists.create.click();
    await lists.dialog.name.fill('Weekly digest');
    await lists.dialog.submit.click();
    await expectFieldError(page, lists.dialog.name, AUDIENCE_MESSAGES.listNameTaken);
    await lists.dialog.root.getByRole('button', { name: 'Cancel' }).click();

    await lists.card('Product news').getByRole('button', { name: 'Edit Product news' }).click();
    await expect(lists.dialog.name).toHaveValue('Product news');
    await lists.dialog.name.fill('Release notes');
    await lists.dialog.submit.click();
    await expect(toast(page, AUDIENCE_MESSAGES.listSaved)).toBeVisible();
    await expect(lists.card('Release notes')).toContainText('Single opt-in');

    await lists.card('Weekly digest').getByRole('button', { name: 'Delete Weekly digest' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete “Weekly digest”?' });
    await confirm.getByRole('button', { name: 'Delete list' }).click();
    await expect(toast(page, AUDIENCE_MESSAGES.listDeleted)).toBeVisible();
    await expect(lists.card('Weekly digest')).toHaveCount(0);

    // The table filtered by a list, from its card; a reload keeps the list.
    await lists.card('Release notes').getByRole('link', { name: 'View subscribers of Release notes' }).click();
    await expect(page).toHaveURL((url) => url.pathname === ROUTES.subscribers && url.searchParams.has('list_id'));
    await page.reload();
    await expect(subscribersPage(page).list).toHaveValue(/^[0-9a-f-]{36}$/);
    await expect(subscribersPage(page).list.locator('option:checked')).toHaveText('Release notes');
  });

  test('three subscribers added by the form, then search, list filter, sorting both ways and a reload', async ({ page, request, baseURL, inbox }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signedInCustomer(page, { request, baseURL: baseURL!, inbox }, 'audience');
    const shell = dashboardShell(page);
    for (const name of ['Weekly digest', 'Product news']) {
      const created = await page.request.post('/api/audience/v1/lists', { data: { name } });
      expect(created.status()).toBe(201);
    }

    await shell.sidebar.getByRole('button', { name: 'Subscribers' }).click();
    await shell.sidebar.getByRole('link', { name: 'All subscribers' }).click();
    await expect(page).toHaveURL((url) => url.pathname === ROUTES.subscribers);
    const table = subscribersPage(page);
    await expect(table.heading).toBeVisible();
    await expect(page.getByRole('heading', { name: 'No subscribers yet' })).toBeVisible();

    // The first one with a bad address: the form says so before anything is sent.
    await table.add.click();
    await table.dialog.email.fill('ada.lovelace@@example');
    await table.dialog.submit.click();
    await expectFieldError(page, table.dialog.email, AUDIENCE_MESSAGES.emailInvalid);
    for (const [index, person] of PEOPLE.entries()) {
      if (index > 0) await table.add.click();
      await table.dialog.email.fill(person.email);
      await table.dialog.firstName.fill(person.first);
      await table.dialog.lastName.fill(person.last);
      if (index === 0) await table.dialog.timezone.selectOption('Europe/London');
      await table.dialog.list(person.list).check();
      if (index === 2) await table.dialog.list('Product news').check();
      await table.dialog.submit.click();
      await expect(table.dialog.root).toBeHidden();
      await expect(toast(page, AUDIENCE_MESSAGES.subscriberAdded).first()).toBeVisible();
    }

    // Newest first.
    await expect(table.emails).toHaveText([PEOPLE[2].email, PEOPLE[1].email, PEOPLE[0].email]);
    await expect(table.rows.first()).toContainText('Alan Turing');
    await expect(table.rows.first()).toContainText('Active');
    await expect(table.range).toHaveText('Showing 1–3 of 3');

    await table.search.fill('grace');
    await expect(table.emails).toHaveText([PEOPLE[1].email]);
    await expect(page).toHaveURL((url) => url.searchParams.get('q') === 'grace');
    await table.search.fill('');
    await expect(table.emails).toHaveCount(3);

    await table.list.selectOption({ label: 'Weekly digest' });
    await expect(table.emails).toHaveText([PEOPLE[2].email, PEOPLE[0].email]);
    await table.list.selectOption({ label: 'All lists' });
    await expect(table.emails).toHaveCount(3);

    await table.sortBy('Email').click();
    await expect(table.header('Email')).toHaveAttribute('aria-sort', 'ascending');
    await expect(table.emails).toHaveText([PEOPLE[0].email, PEOPLE[2].email, PEOPLE[1].email]);
    await table.sortBy('Email').click();
    await expect(table.header('Email')).toHaveAttribute('aria-sort', 'descending');
    await expect(table.emails).toHaveText([PEOPLE[1].email, PEOPLE[2].email, PEOPLE[0].email]);

    await table.status.selectOption('active');
    await table.search.fill('example.com');
    await expect(page).toHaveURL((url) => url.searchParams.get('q') === 'example.com');
    await page.reload();
    const reloaded = subscribersPage(page);
    await expect(reloaded.search).toHaveValue('example.com');
    await expect(reloaded.status).toHaveValue('active');
    await expect(reloaded.header('Email')).toHaveAttribute('aria-sort', 'descending');
    await expect(reloaded.emails).toHaveText([PEOPLE[1].email, PEOPLE[2].email, PEOPLE[0].email]);
  });

  test('a subscriber is edited, kept active only by hand, and deleted for good', async ({ page, request, baseURL, inbox }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signedInCustomer(page, { request, baseURL: baseURL!, inbox }, 'subscriber');
    await page.goto(ROUTES.lists);
    await createListByForm(page, 'Weekly digest', '', true);
    await createListByForm(page, 'Product news', '', true);
    const listIds = Object.fromEntries(
      ((await (await page.request.get('/api/audience/v1/lists')).json()) as { payload: { lists: { id: string; name: string }[] } }).payload.lists.map(
        (list) => [list.name, list.id],
      ),
    );
    await addSubscribersByApi(page, [
      { email: 'ada.lovelace@example.com', first_name: 'Ada', last_name: 'Lovelace' },
      { email: 'alan.turing@example.com', first_name: 'Alan', last_name: 'Turing', list_ids: [listIds['Weekly digest']!, listIds['Product news']!] },
    ]);

    await page.goto(`${ROUTES.subscribers}?sort=email&order=asc`);
    const table = subscribersPage(page);
    await table.emails.filter({ hasText: 'alan.turing@example.com' }).click();
    const one = subscriberPage(page);
    await expect(one.heading).toHaveText('alan.turing@example.com');
    await expect(one.details).toContainText('Alan Turing');
    await expect(one.details).toContainText('Added by hand');
    await expect(one.list('Weekly digest')).toBeChecked();
    await expect(one.list('Product news')).toBeChecked();
    await expect(one.attributes).toContainText('No attributes yet');

    await one.lastName.fill('Mathison Turing');
    await one.list('Product news').uncheck();
    await one.save.click();
    await expect(toast(page, AUDIENCE_MESSAGES.subscriberSaved)).toBeVisible();

    await page.reload();
    const saved = subscriberPage(page);
    await expect(saved.lastName).toHaveValue('Mathison Turing');
    await expect(saved.list('Weekly digest')).toBeChecked();
    await expect(saved.list('Product news')).not.toBeChecked();
    await expect(saved.memberships.getByRole('listitem').filter({ hasText: 'Product news' })).toContainText('Unsubscribed');
    await expect(saved.memberships.getByRole('listitem').filter({ hasText: 'Weekly digest' })).toContainText('Confirmed');

    // Unsubscribed by hand, they cannot be made active again by hand.
    await saved.status.selectOption('unsubscribed');
    await saved.save.click();
    await expect(toast(page, AUDIENCE_MESSAGES.subscriberSaved).last()).toBeVisible();
    await expect(saved.details).toContainText('Unsubscribed');
    await saved.status.selectOption('active');
    await saved.save.click();
    await expectFieldError(page, saved.status, AUDIENCE_MESSAGES.suppressed);

    await saved.remove.click();
    const confirm = page.getByRole('dialog', { name: 'Delete this subscriber?' });
    await expect(confirm).toContainText('stays on your suppression list');
    await confirm.getByRole('button', { name: 'Delete subscriber' }).click();
    await expect(toast(page, AUDIENCE_MESSAGES.subscriberDeleted)).toBeVisible();
    // Back to the table as it was left.
    await expect(page).toHaveURL((url) => url.pathname === ROUTES.subscribers && url.searchParams.get('sort') === 'email');
    await expect(table.emails).toHaveText(['ada.lovelace@example.com']);

    await table.add.click();
    await table.dialog.email.fill('alan.turing@example.com');
    await table.dialog.submit.click();
    await expectFieldError(page, table.dialog.email, AUDIENCE_MESSAGES.suppressed);
  });

  test('55 subscribers page by 50 with Next and Previous, in either order', async ({ page, request, baseURL, inbox }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signedInCustomer(page, { request, baseURL: baseURL!, inbox }, 'paging');
    const emails = Array.from({ length: 55 }, (_unused, index) => `reader-${String(index + 1).padStart(2, '0')}@example.com`);
    await addSubscribersByApi(
      page,
      emails.map((email) => ({ email })),
    );

    await page.goto(ROUTES.subscribers);
    const table = subscribersPage(page);
    await expect(table.range).toHaveText('Showing 1–50 of 55');
    await expect(table.rows).toHaveCount(50);
    await expect(table.previous).toBeDisabled();
    await table.next.click();
    await expect(table.range).toHaveText('Showing 51–55 of 55');
    await expect(table.rows).toHaveCount(5);
    await expect(table.next).toBeDisabled();
    await table.previous.click();
    await expect(table.range).toHaveText('Showing 1–50 of 55');
    await expect(table.previous).toBeDisabled();

    // Sorted A to Z, the second page holds the last five addresses.
    await table.sortBy('Email').click();
    await expect(table.emails.first()).toHaveText(emails[0]!);
    await table.next.click();
    await expect(table.emails).toHaveText(emails.slice(50));
    // Another order starts again from the first page.
    await table.sortBy('Email').click();
    await expect(table.range).toHaveText('Showing 1–50 of 55');
    await expect(table.emails.first()).toHaveText(emails[54]!);

    // A search narrows the total.
    await table.search.fill('reader-0');
    await expect(table.range).toHaveText('Showing 1–9 of 9');
    await expect(table.next).toBeDisabled();
  });

  test('collapsed, the sidebar shows the Subscribers pages in its flyout', async ({ page, request, baseURL, inbox }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signedInCustomer(page, { request, baseURL: baseURL!, inbox }, 'flyout');
    const shell = dashboardShell(page);
    await shell.toggle.click();
    const subscribers = shell.sidebar.getByRole('button', { name: 'Subscribers' });
    const pages = shell.sidebar.getByRole('list', { name: 'Subscribers' });
    await subscribers.hover();
    await expect(pages.getByRole('link')).toHaveText(['All subscribers', 'Lists', 'Segments', 'Forms', 'Products', 'Import']);
    await pages.getByRole('link', { name: 'All subscribers' }).click();
    await expect(page).toHaveURL((url) => url.pathname === ROUTES.subscribers);
    await expect(subscribersPage(page).heading).toBeVisible();

    // By keyboard: focus opens the flyout and Enter on a page goes there.
    await subscribers.focus();
    await expect(pages).toBeVisible();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(pages.getByRole('link', { name: 'Lists' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL((url) => url.pathname === ROUTES.lists);
    await expect(listsPage(page).heading).toBeVisible();
  });

  test('at 375 px the three pages fit the phone, and the order is a menu', async ({ page, request, baseURL, inbox }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await signedInCustomer(page, { request, baseURL: baseURL!, inbox }, 'phone');
    await page.request.post('/api/audience/v1/lists', { data: { name: 'Weekly digest', description: 'The Sunday round-up of everything we published.' } });
    await addSubscribersByApi(page, [
      { email: 'barbara.liskov.with.a.rather.long.address@example-university.edu', first_name: 'Barbara', last_name: 'Liskov' },
      { email: 'ada.lovelace@example.com', first_name: 'Ada', last_name: 'Lovelace', attributes: { a_rather_long_attribute_name: 'x'.repeat(80) } },
    ]);
    const fits = async () => {
      await page.evaluate(() => document.fonts.ready.then(() => undefined));
      return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    };

    await page.goto(ROUTES.subscribers);
    const table = subscribersPage(page);
    await expect(table.range).toHaveText('Showing 1–2 of 2');
    expect(await fits()).toBe(true);
    await page.getByRole('combobox', { name: 'Sort by' }).selectOption({ label: 'Email, A to Z' });
    await expect(table.emails).toHaveText(['ada.lovelace@example.com', 'barbara.liskov.with.a.rather.long.address@example-university.edu']);

    await table.emails.first().click();
    await expect(subscriberPage(page).form).toBeVisible();
    expect(await fits()).toBe(true);

    await page.goto(ROUTES.lists);
    await expect(listsPage(page).card('Weekly digest')).toBeVisible();
    expect(await fits()).toBe(true);
  });
});
