import type { Page } from '@playwright/test';
import type { FlowStats, StepStats } from '@postlark/shared/automations';
import { flowPath, ROUTES } from '@postlark/shared/routes';
import { signedInCustomer } from '../../support/customer-area';
import { test } from '../../support/fixtures';
import { shoot, WIDTHS } from '../shoot';

// The Automations pages at phone and desktop widths, into e2e/screenshots/out/: the empty list with
// its templates, the list, the builder of the abandoned-cart flow with counts (a sample shaped by
// the contract, packages/shared/src/automations.ts, since real counts take hours of waits), a
// branching win-back flow, the side panel, the choice of a step and the rules.

const step = (step_id: string, type: StepStats['type'], counts: Partial<StepStats>): StepStats => ({
  step_id,
  type,
  entered: 0,
  waiting: 0,
  completed: 0,
  skipped: 0,
  failed: 0,
  unknown: 0,
  emails_sent: 0,
  opens: 0,
  clicks: 0,
  goal_conversions: 0,
  revenue: {},
  ...counts,
});

const CART_STATS = (flowId: string): FlowStats => ({
  flow_id: flowId,
  runs: { active: 212, completed: 1_480, exited: 0, goal: 318, unsubscribed: 9 },
  entries: { pending: 0, refused: 41 },
  attribution_days: 5,
  revenue: { EUR: 24_310.5 },
  steps: [
    step('wait-1h', 'wait', { entered: 2_019, waiting: 64, completed: 1_955 }),
    step('reminder', 'email', { entered: 1_780, waiting: 12, completed: 1_768, emails_sent: 1_768, opens: 902, clicks: 311, goal_conversions: 201, revenue: { EUR: 15_020.25 } }),
    step('wait-1d', 'wait', { entered: 1_560, waiting: 136, completed: 1_424 }),
    step('last-call', 'email', { entered: 1_301, completed: 1_301, emails_sent: 1_301, opens: 540, clicks: 129, goal_conversions: 117, revenue: { EUR: 9_290.25 } }),
  ],
});

async function api<T>(page: Page, method: 'GET' | 'POST', path: string, data?: unknown): Promise<T> {
  const response = await page.request.fetch(`/api/${path}`, { method, data });
  if (!response.ok()) throw new Error(`${method} ${path}: ${response.status()} ${await response.text()}`);
  return ((await response.json()) as { payload: T }).payload;
}

for (const [label, viewport] of Object.entries(WIDTHS)) {
  test(`the Automations pages at ${label} width`, async ({ page, request, baseURL, inbox }) => {
    await page.setViewportSize(viewport);
    await signedInCustomer(page, { request, baseURL: baseURL!, inbox }, `shots-flows-${label}`, { first_name: 'Ada' });
    await page.goto(ROUTES.automations);
    await page.getByRole('heading', { name: 'No flows yet' }).waitFor();
    await shoot(page, `${label}-automations-empty`);

    const { flow: cart } = await api<{ flow: { id: string } }>(page, 'POST', 'automations/v1/flows', { name: 'Abandoned cart', template: 'abandoned_cart' });
    const { flow: winBack } = await api<{ flow: { id: string } }>(page, 'POST', 'automations/v1/flows', { name: 'Win-back', template: 'win_back' });
    await api(page, 'POST', 'automations/v1/flows', { name: 'Welcome series', template: 'welcome_series' });
    await page.route(`**/api/automations/v1/flows/${cart.id}/stats`, (route) => route.fulfill({ json: { payload: { stats: CART_STATS(cart.id) } } }));
    await page.reload();
    await page.getByRole('table', { name: 'Flows' }).waitFor();
    await shoot(page, `${label}-automations-list`);

    await page.getByRole('button', { name: 'New flow' }).click();
    await page.getByRole('dialog', { name: 'New flow' }).waitFor();
    await shoot(page, `${label}-automations-new`);
    await page.keyboard.press('Escape');

    await page.goto(flowPath(cart.id));
    await page.getByText('Sent').first().waitFor();
    await shoot(page, `${label}-flow-cart`);
    await page.getByRole('button', { name: /^Reminder: .*Edit step$/ }).click();
    await page.getByRole('dialog', { name: 'Reminder' }).getByText('Loading the editor...').waitFor({ state: 'detached' });
    await shoot(page, `${label}-flow-email-panel`);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Add a step after Reminder' }).click();
    await page.getByRole('dialog', { name: 'Add a step' }).waitFor();
    await shoot(page, `${label}-flow-add-step`);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Edit rules' }).click();
    await page.getByRole('dialog', { name: 'Flow rules' }).waitFor();
    await shoot(page, `${label}-flow-rules`);
    await page.keyboard.press('Escape');

    await page.goto(flowPath(winBack.id));
    await page.getByRole('group', { name: /^Paths after/ }).waitFor();
    await shoot(page, `${label}-flow-win-back`);
  });
}
