import type { Page } from '@playwright/test';
import type { HomeOverview } from '@postlark/shared/dashboard';
import { ROUTES } from '@postlark/shared/routes';
import { signedInCustomer } from '../../support/customer-area';
import { test } from '../../support/fixtures';
import { shoot } from '../shoot';

// Home at a phone's and a desktop's width, into e2e/screenshots/out/: a new account as the server
// answers it, then a sample account with a growing audience (given as packages/shared/src/dashboard.ts shapes it).

const WIDTHS = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 900 } } as const;
const DAY = 86_400_000;
const TODAY = Date.UTC(2026, 10, 25);

function days(): HomeOverview['audience']['days'] {
  let size = 11_020;
  return Array.from({ length: 90 }, (_, index) => {
    const joined = Math.round(28 + 22 * Math.sin(index / 6) + (index % 7 === 2 ? 60 : 0) + index * 0.6);
    const left = Math.round(9 + (index % 5));
    size += joined - left;
    return { date: new Date(TODAY - (89 - index) * DAY).toISOString().slice(0, 10), size, joined, left };
  });
}

function sample(): HomeOverview {
  const audience = days();
  const size = audience.at(-1)!.size;
  return {
    as_of: new Date(TODAY + 10 * 3_600_000).toISOString(),
    audience: { size, growth_30d: size - audience[59]!.size, growth_90d: size - 11_020, days: audience },
    last_campaign: {
      id: '0193a5b2-7c1d-7e00-8000-000000000002',
      name: 'Black Friday early access',
      subject: 'Your 30% code is inside',
      started_at: new Date(TODAY - 6 * DAY + 8 * 3_600_000).toISOString(),
      platform: null,
      results: { sent: 12_307, delivered: 12_258, open_rate: 0.425, click_rate: 0.087, unsubscribes: 25, bounces: 49 },
    },
    average: { campaigns: 14, results: { sent: 11_480.5, delivered: 11_431.2, open_rate: 0.368, click_rate: 0.052, unsubscribes: 21.4, bounces: 47.1 } },
    scheduled: {
      total: 3,
      campaigns: [
        { id: '0193a5b2-7c1d-7e00-8000-000000000010', name: 'Cyber Monday last call', scheduled_at: new Date(TODAY + 5 * DAY + 9 * 3_600_000).toISOString() },
        { id: '0193a5b2-7c1d-7e00-8000-000000000011', name: 'December digest', scheduled_at: new Date(TODAY + 8 * DAY + 8 * 3_600_000).toISOString() },
        { id: '0193a5b2-7c1d-7e00-8000-000000000012', name: 'Gift guide 2026', scheduled_at: new Date(TODAY + 12 * DAY + 17 * 3_600_000).toISOString() },
      ],
    },
    automations: {
      total: 2,
      flows: [
        { id: '0193a5b2-7c1d-7e00-8000-000000000020', name: 'Welcome series', people: 412 },
        { id: '0193a5b2-7c1d-7e00-8000-000000000021', name: 'Win back lapsed readers', people: 87 },
      ],
    },
    ab_tests: { total: 1, tests: [{ id: '0193a5b2-7c1d-7e00-8000-000000000010', name: 'Cyber Monday last call', status: 'testing', deadline_at: new Date(TODAY + 5 * DAY + 13 * 3_600_000).toISOString() }] },
    steps: {
      platform: { done: true, platforms: ['brevo'] },
      sending: { done: true, sender_confirmed: true },
      profile: { done: false, missing: ['postal_code'] },
      campaign: { done: true },
    },
    has_orders: true,
    sending_paused: null,
  };
}

async function answerWithSample(page: Page) {
  await page.route('**/api/home/v1/overview', (route) => route.fulfill({ json: { payload: sample() } }));
}

for (const [label, viewport] of Object.entries(WIDTHS)) {
  test(`home at ${label} width`, async ({ page, request, baseURL, inbox }) => {
    await page.setViewportSize(viewport);
    await signedInCustomer(page, { request, baseURL: baseURL!, inbox }, `shots-home-${label}`, { first_name: 'Ada' });
    await page.getByText('No subscribers yet').waitFor();
    await shoot(page, `${label}-home-new`);

    await answerWithSample(page);
    await page.goto(ROUTES.dashboard);
    await page.getByRole('region', { name: 'Last campaign' }).getByRole('link', { name: 'Black Friday early access' }).waitFor();
    await shoot(page, `${label}-home`);
    await page.getByRole('button', { name: '90 days' }).click();
    await page.getByRole('button', { name: 'Table' }).click();
    await shoot(page, `${label}-home-table`);
  });
}
