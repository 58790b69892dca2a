import { writeFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import type { Attributes, SubscriberCreate } from '@postlark/shared/audience';
import { ROUTES, subscriberPath } from '@postlark/shared/routes';
import { addSubscribersByApi, listsPage, subscribersPage } from '../support/audience-pages';
import { createListByApi, formsPage, importPage, segmentsPage } from '../support/audience-tools-pages';
import { signedInCustomer, PROFILE_TAB_NAMES, profilePage, dashboardShell } from '../support/customer-area';
import { test } from '../support/fixtures';
import { shoot, WIDTHS } from './shoot';


const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '-');


for (const [label, viewport] of Object.entries(WIDTHS)) {
  test(`customer area at ${label} width`, async ({ page, request, baseURL, inbox }) => {
    await page.setViewportSize(viewport);
    await signedInCustomer(page, { request, baseURL: baseURL!, inbox }, `shots-${label}`, { first_name: 'Ada', last_name: 'Lovelace' });
    await shoot(page, `${label}-dashboard`);
    await dashboardShell(page).toggle.click();
    await shoot(page, `${label}-dashboard-toggled`);
    // On a phone the toggle opens a drawer over the page, closed by Escape.
    await (label === 'phone' ? page.keyboard.press('Escape') : dashboardShell(page).toggle.click());

    await page.goto(ROUTES.platformIntegration);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await shoot(page, `${label}-platform-integration`);

    await page.goto(ROUTES.profile);
    await profilePage(page).tab('Overview').waitFor();
    for (const tab of PROFILE_TAB_NAMES) {
      await profilePage(page).tab(tab).click();
      await shoot(page, `${label}-profile-${slug(tab)}`);
    }
    // Manage my data once an export exists.
    await profilePage(page).tab('Manage my data').click();
    await profilePage(page).panel.getByRole('button', { name: 'Export data' }).click();
    await profilePage(page).panel.getByText('Ready', { exact: true }).waitFor({ timeout: 15_000 });
    await shoot(page, `${label}-profile-manage-my-data-exported`);
    await dashboardShell(page).avatar.click();
    await dashboardShell(page).notificationItem.click();
    await shoot(page, `${label}-notifications`);
  });
}

// A small audience that looks like a real one: a few lists, people with and without names.
const SAMPLE_LISTS = [
  { name: 'Weekly digest', description: 'The Sunday round-up of everything we published.', double_opt_in: true },
  { name: 'Product news', description: '', double_opt_in: false },
  { name: 'Founding members', description: 'Early readers who backed the newsletter in its first month.', double_opt_in: true },
];
const SAMPLE_ATTRIBUTES: Attributes = { city: 'London', plan: 'founder', opened_last_issue: true, issues_read: 42 };
const SAMPLE_PEOPLE: [string, string, string][] = [
  ['ada.lovelace@example.com', 'Ada', 'Lovelace'],
  ['grace.hopper@example.com', 'Grace', 'Hopper'],
  ['alan.turing@example.com', 'Alan', 'Turing'],
  ['katherine.johnson@example.com', 'Katherine', 'Johnson'],
  ['margaret.hamilton@example.com', 'Margaret', 'Hamilton'],
  ['tim.berners-lee@example.com', 'Tim', 'Berners-Lee'],
  ['hedy.lamarr@example.com', 'Hedy', 'Lamarr'],
  ['readers+weekend@example.org', '', ''],
  ['linus@example.net', 'Linus', ''],
  ['barbara.liskov.with.a.rather.long.address@example-university.edu', 'Barbara', 'Liskov'],
];

for (const [label, viewport] of Object.entries(WIDTHS)) {
  test(`audience at ${label} width`, async ({ page, request, baseURL, inbox }) => {
    await page.setViewportSize(viewport);
    await signedInCustomer(page, { request, baseURL: baseURL!, inbox }, `shots-audience-${label}`, { first_name: 'Ada' });

    await page.goto(ROUTES.lists);
    await page.getByRole('heading', { name: 'No lists yet' }).waitFor();
    await shoot(page, `${label}-lists-empty`);
    const listIds: string[] = [];
    for (const list of SAMPLE_LISTS) {
      const response = await page.request.post('/api/audience/v1/lists', { data: list });
      listIds.push(((await response.json()) as { payload: { list: { id: string } } }).payload.list.id);
    }
    const people: SubscriberCreate[] = SAMPLE_PEOPLE.map(([email, first_name, last_name], index) => ({
      email,
      first_name,
      last_name,
      timezone: index % 3 === 0 ? 'Europe/London' : null,
      list_ids: listIds.filter((_id, listIndex) => (index + listIndex) % 2 === 0),
      attributes: index === 0 ? SAMPLE_ATTRIBUTES : {},
    }));
    await addSubscribersByApi(page, people);
    await page.request.patch(`/api/audience/v1/subscribers/${await idOf(page, 'hedy.lamarr@example.com')}`, { data: { status: 'unsubscribed' } });

    await page.goto(ROUTES.subscribers);
    await subscribersPage(page).range.waitFor();
    await shoot(page, `${label}-subscribers`);
    await subscribersPage(page).add.click();
    await subscribersPage(page).dialog.submit.click();
    await shoot(page, `${label}-subscribers-add`);
    await page.keyboard.press('Escape');

    // Something on Ada's timeline besides joining: she left one of her lists.
    const adaId = await idOf(page, 'ada.lovelace@example.com');
    await page.request.post('/api/audience/v1/subscribers/bulk', { data: { action: 'remove_from_list', list_id: listIds[2], ids: [adaId] } });
    await page.goto(subscriberPath(adaId));
    await page.getByRole('form', { name: 'Edit subscriber' }).waitFor();
    await shoot(page, `${label}-subscriber`);
    await page.getByRole('button', { name: 'Delete subscriber' }).click();
    await shoot(page, `${label}-subscriber-delete`);
    await page.keyboard.press('Escape');

    await page.goto(ROUTES.lists);
    await listsPage(page).card('Weekly digest').waitFor();
    await shoot(page, `${label}-lists`);
    await listsPage(page).create.click();
    await shoot(page, `${label}-lists-new`);
  });
}

const TOOLS_CSV = [
  'Email,First name,Last name,Plan type,Country',
  'ada@example.com,Ada,Lovelace,pro,UK',
  'grace@example.com,Grace,Hopper,free,US',
  'alan@example.com,Alan,Turing,pro,UK',
  'not-an-address,Nobody,,pro,FR',
  'katherine@example.com,Katherine,Johnson,team,US',
  'edsger@example.com,Edsger,Dijkstra,free,NL',
].join('\n');

for (const [label, viewport] of Object.entries(WIDTHS)) {
  test(`audience tools at ${label} width`, async ({ page, request, baseURL, inbox }, testInfo) => {
    await page.setViewportSize(viewport);
    await signedInCustomer(page, { request, baseURL: baseURL!, inbox }, `tools-${label}`);
    await createListByApi(page, { name: 'Weekly digest', description: '', double_opt_in: true });
    await createListByApi(page, { name: 'Product news', description: '', double_opt_in: false });

    await page.goto(ROUTES.imports);
    const tools = importPage(page);
    await tools.heading.waitFor();
    await shoot(page, `${label}-import-empty`);
    const file = testInfo.outputPath('people.csv');
    await writeFile(file, TOOLS_CSV);
    await tools.file.setInputFiles(file);
    await tools.preview.waitFor();
    await shoot(page, `${label}-import-mapping`);
    await tools.list('Weekly digest').check();
    await tools.start.click();
    await tools.report.waitFor({ timeout: 20_000 });
    await shoot(page, `${label}-import-report`);

    await page.goto(ROUTES.segments);
    const segments = segmentsPage(page);
    await page.getByRole('heading', { name: 'No segments yet' }).waitFor();
    await shoot(page, `${label}-segments-empty`);
    await segments.create.click();
    await segments.name.fill('Pro readers');
    await segments.comparison(1).selectOption('ends_with');
    await segments.value(1).fill('@example.com');
    await segments.addCondition.click();
    await segments.field(2).selectOption('attribute');
    await segments.attributeKey(2).selectOption('Plan_type');
    await segments.value(2).fill('pro');
    await segments.count.filter({ hasText: 'match' }).waitFor();
    await shoot(page, `${label}-segments-builder`);
    await segments.save.click();
    await segments.card('Pro readers').waitFor();
    await shoot(page, `${label}-segments`);

    await page.goto(ROUTES.forms);
    const forms = formsPage(page);
    await forms.heading.waitFor();
    await forms.create.click();
    await forms.dialog.name.fill('Footer form');
    await forms.dialog.intro.fill('One letter every Sunday: what we read, what we built.');
    await shoot(page, `${label}-forms-new`);
    await forms.dialog.submit.click();
    await forms.card('Footer form').waitFor();
    await forms.dialog.root.waitFor({ state: 'hidden' });
    await shoot(page, `${label}-forms`);
  });
}

async function idOf(page: Page, email: string): Promise<string> {
  const response = await page.request.get(`/api/audience/v1/subscribers?q=${encodeURIComponent(email)}`);
  return ((await response.json()) as { payload: { subscribers: { id: string }[] } }).payload.subscribers[0]!.id;
}
