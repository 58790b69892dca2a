import { expect, type Page } from '@playwright/test';
import { AUDIENCE_MESSAGES, type SubscriberCreate } from '@postlark/shared/audience';
import { toast } from './page-helpers';

// The audience's pages (All subscribers, one subscriber, Lists), found by the names they give their parts.


export function subscribersPage(page: Page) {
  const table = page.getByRole('table', { name: 'Subscribers' });
  const addDialog = page.getByRole('dialog', { name: 'Add subscriber' });
  return {
    heading: page.getByRole('heading', { level: 1, name: 'All subscribers' }),
    add: page.getByRole('button', { name: 'Add subscriber', exact: true }),
    search: page.getByRole('searchbox', { name: 'Search subscribers' }),
    status: page.getByRole('combobox', { name: 'Status' }),
    list: page.getByRole('combobox', { name: 'List', exact: true }),
    table,
    rows: table.locator('tbody').getByRole('row'),
    /** The emails in the table's order. */
    emails: table.locator('tbody').getByRole('link'),
    header: (name: string) => table.getByRole('columnheader', { name }),
    sortBy: (name: string) => table.getByRole('button', { name, exact: true }),
    range: page.getByRole('status').filter({ hasText: /^Showing / }),
    next: page.getByRole('button', { name: 'Next', exact: true }),
    previous: page.getByRole('button', { name: 'Previous', exact: true }),
    dialog: {
      root: addDialog,
      email: addDialog.getByRole('textbox', { name: 'Email address' }),
      firstName: addDialog.getByRole('textbox', { name: 'First name' }),
      lastName: addDialog.getByRole('textbox', { name: 'Last name' }),
      timezone: addDialog.getByRole('combobox', { name: 'Time zone' }),
      list: (name: string) => addDialog.getByRole('checkbox', { name, exact: true }),
      submit: addDialog.getByRole('button', { name: 'Add subscriber' }),
    },
  };
}

export function subscriberPage(page: Page) {
  const form = page.getByRole('form', { name: 'Edit subscriber' });
  return {
    heading: page.getByRole('heading', { level: 1 }),
    details: page.getByRole('region', { name: 'Subscriber details' }),
    memberships: page.getByRole('region', { name: 'Lists' }),
    attributes: page.getByRole('region', { name: 'Attributes' }),
    form,
    email: form.getByRole('textbox', { name: 'Email address' }),
    firstName: form.getByRole('textbox', { name: 'First name' }),
    lastName: form.getByRole('textbox', { name: 'Last name' }),
    status: form.getByRole('combobox', { name: 'Status' }),
    timezone: form.getByRole('combobox', { name: 'Time zone' }),
    list: (name: string) => form.getByRole('checkbox', { name, exact: true }),
    save: form.getByRole('button', { name: 'Save changes' }),
    remove: page.getByRole('button', { name: 'Delete subscriber' }),
    back: page.getByRole('link', { name: 'All subscribers' }).first(),
  };
}

export function listsPage(page: Page) {
  const dialog = page.getByRole('dialog', { name: /^(New list|Edit list)$/ });
  return {
    heading: page.getByRole('heading', { level: 1, name: 'Lists' }),
    create: page.getByRole('button', { name: 'New list', exact: true }),
    card: (name: string) => page.getByRole('article', { name }),
    dialog: {
      root: dialog,
      name: dialog.getByRole('textbox', { name: 'Name', exact: true }),
      description: dialog.getByRole('textbox', { name: 'Description', exact: true }),
      publicDescription: dialog.getByRole('textbox', { name: 'Description for subscribers' }),
      doubleOptIn: dialog.getByRole('checkbox', { name: /Double opt-in/ }),
      submit: dialog.getByRole('button', { name: /^(Create list|Save list)$/ }),
    },
  };
}

/** Adds subscribers through the API in the browser's own session (page.request shares its cookies). */
export async function addSubscribersByApi(page: Page, bodies: SubscriberCreate[]): Promise<void> {
  // A few at a time: quick, without one request waiting on the embedded database for the rest.
  for (let start = 0; start < bodies.length; start += 8) {
    await Promise.all(
      bodies.slice(start, start + 8).map(async (body) => {
        const response = await page.request.post('/api/audience/v1/subscribers', { data: body });
        expect(response.status(), `adding ${body.email}: ${await response.text()}`).toBe(201);
      }),
    );
  }
}

/** A list made through the Lists page's New list dialog, which it waits to see close. */
export async function createListByForm(page: Page, name: string, description: string, doubleOptIn: boolean) {
  const lists = listsPage(page);
  await lists.create.click();
  await lists.dialog.name.fill(name);
  await lists.dialog.description.fill(description);
  // A new list asks for double opt-in unless told otherwise.
  await expect(lists.dialog.doubleOptIn).toBeChecked();
  if (!doubleOptIn) await lists.dialog.doubleOptIn.uncheck();
  await lists.dialog.submit.click();
  await expect(toast(page, AUDIENCE_MESSAGES.listCreated).last()).toBeVisible();
  await expect(lists.dialog.root).toBeHidden();
}
