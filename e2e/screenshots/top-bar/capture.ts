import type { Page } from '@playwright/test';
import type { CalendarAnswer, CalendarCampaign } from '@postlark/shared/campaign-calendar';
import type { SearchAnswer } from '@postlark/shared/search';
import { signedInCustomer } from '../../support/customer-area';
import { test } from '../../support/fixtures';
import { shoot, WIDTHS } from '../shoot';

// The top bar's open search results and its calendar (issue 23), at phone and desktop widths,
// into e2e/screenshots/out/. The answers are samples shaped by the contract (packages/shared
// search.ts and campaign-calendar.ts), so a full month and full groups are drawn.

const hit = (id: number, title: string, detail = '') => ({ id: `0193a5b2-7c1d-7e00-8000-0000000000${String(id).padStart(2, '0')}`, title, detail });

const SEARCH: SearchAnswer = {
  q: 'spring',
  campaigns: {
    items: [
      { ...hit(1, 'Spring sale: 20% off', 'Our biggest sale of the season'), status: 'sent' },
      { ...hit(2, 'Spring recipes', 'Five dishes for lighter evenings'), status: 'scheduled' },
      { ...hit(3, 'Spring newsletter draft', ''), status: 'draft' },
    ],
    total: 3,
    capped: false,
  },
  subscribers: { items: [hit(4, 'Ada Springfield', 'ada@springfield.example'), hit(5, 'noah@springs.example')], total: 12, capped: false },
  lists: { items: [hit(6, 'Spring launch waitlist', 'People who asked to hear first')], total: 1, capped: false },
  segments: { items: [hit(7, 'Opened spring campaigns')], total: 1, capped: false },
};

/** This month's campaigns in the browser's timezone, on days spread through it. */
function month(): CalendarAnswer {
  const now = new Date();
  const at = (day: number, hour: number, minute = 0) => new Date(now.getFullYear(), now.getMonth(), day, hour, minute).toISOString();
  const entry = (id: number, name: string, status: CalendarCampaign['status'], when: string): CalendarCampaign => ({ id: hit(id, '').id, name, subject: `${name}: this month`, status, at: when });
  return {
    campaigns: [
      entry(11, 'Weekly digest', 'sent', at(2, 9)),
      entry(12, 'Product update', 'sent', at(5, 14, 30)),
      entry(13, 'Weekly digest', 'sent', at(9, 9)),
      entry(14, 'Flash sale', 'sent', at(12, 11)),
      entry(15, 'Customer stories', 'sending', at(now.getDate(), 8)),
      entry(16, 'Weekly digest', 'scheduled', at(23, 9)),
      entry(17, 'Webinar invite', 'scheduled', at(23, 15)),
      entry(18, 'Webinar reminder', 'scheduled', at(23, 17)),
      entry(19, 'Year in review', 'scheduled', at(23, 18)),
      entry(20, 'Weekly digest', 'paused', at(27, 9)),
    ],
  };
}

async function answerWithSamples(page: Page) {
  await page.route('**/api/home/v1/search?*', (route) => route.fulfill({ json: { payload: SEARCH } }));
  await page.route('**/api/campaigns/v1/calendar?*', (route) => route.fulfill({ json: { payload: month() } }));
}

for (const [label, viewport] of Object.entries(WIDTHS)) {
  test(`the top bar's search and calendar at ${label} width`, async ({ page, request, baseURL, inbox }) => {
    await page.setViewportSize(viewport);
    await signedInCustomer(page, { request, baseURL: baseURL!, inbox }, `shots-top-bar-${label}`, { first_name: 'Ada' });
    await answerWithSamples(page);
    const box = page.getByRole('combobox', { name: 'Search Newsletter' });
    await box.fill('spring');
    await page.getByRole('listbox', { name: 'Search results' }).waitFor();
    await box.press('ArrowDown');
    await box.press('ArrowDown');
    await shoot(page, `${label}-top-bar-search`);
    await box.press('Escape');

    await page.getByRole('button', { name: 'Calendar' }).click();
    await page.getByRole('dialog', { name: 'Campaign calendar' }).getByRole('link', { name: /Customer stories/ }).waitFor();
    await shoot(page, `${label}-top-bar-calendar`);
  });
}
