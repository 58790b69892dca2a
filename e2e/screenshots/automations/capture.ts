import type { Page } from '@playwright/test';
import type { FlowRunView, FlowStats, FlowTestResult, StepStats } from '@postlark/shared/automations-views';
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

const PERSON = { id: '0193a5b2-7c1d-7e00-8000-0000000000b1', email: 'ada@lark.example', first_name: 'Ada', last_name: 'Lovelace', status: 'active', created_at: '2026-11-01T09:00:00.000Z' };

const RUNS: FlowRunView[] = [
  {
    id: 'run-1',
    subscriber_id: PERSON.id,
    email: PERSON.email,
    version: 2,
    status: 'active',
    started_at: '2026-11-24T21:40:00.000Z',
    ended_at: null,
    end_reason: null,
    steps: [
      { step_id: 'wait-1h', type: 'wait', status: 'done', outcome: 'next', reason: null, due_at: '2026-11-24T22:40:00.000Z', finished_at: '2026-11-24T22:40:01.000Z' },
      { step_id: 'reminder', type: 'email', status: 'waiting', outcome: null, reason: null, due_at: '2026-11-25T08:00:00.000Z', finished_at: null },
    ],
    notes: [{ step_id: 'reminder', kind: 'deferred', reason: 'Quiet hours (21:00–08:00 in Europe/London): deferred to 08:00.', at: '2026-11-24T22:40:01.000Z' }],
  },
  {
    id: 'run-2',
    subscriber_id: '0193a5b2-7c1d-7e00-8000-0000000000b2',
    email: 'grace@lark.example',
    version: 2,
    status: 'goal',
    started_at: '2026-11-23T15:02:00.000Z',
    ended_at: '2026-11-23T19:30:00.000Z',
    end_reason: 'order_placed at 2026-11-23T19:30:00Z reached the goal.',
    steps: [{ step_id: 'wait-1d', type: 'wait', status: 'cancelled', outcome: null, reason: null, due_at: '2026-11-24T16:02:00.000Z', finished_at: '2026-11-23T19:30:00.000Z' }],
    notes: [],
  },
];

const TEST: FlowTestResult = {
  enters: true,
  reason: 'cart_updated at 2026-11-24T21:40:00.000Z starts the flow.',
  path: [
    { step_id: 'wait-1h', type: 'wait', outcome: 'waits', reason: 'Waits until 2026-11-24T22:40:00.000Z.', at: '2026-11-24T21:40:00.000Z' },
    { step_id: 'reminder', type: 'email', outcome: 'deferred', reason: 'Deferred to 2026-11-25T08:00:00.000Z (quiet hours); then sends "You left something behind".', at: '2026-11-24T22:40:00.000Z' },
    { step_id: 'wait-1d', type: 'wait', outcome: 'waits', reason: 'Waits until 2026-11-26T08:00:00.000Z.', at: '2026-11-25T08:00:00.000Z' },
    { step_id: 'last-call', type: 'email', outcome: 'would_send', reason: 'Would send "Your cart is about to expire" to ada@lark.example.', at: '2026-11-26T08:00:00.000Z' },
  ],
};

async function answerForCart(page: Page, flowId: string) {
  await page.route(`**/api/automations/v1/flows/${flowId}/stats`, (route) => route.fulfill({ json: { payload: { stats: CART_STATS(flowId) } } }));
  await page.route(`**/api/automations/v1/flows/${flowId}/runs`, (route) => route.fulfill({ json: { payload: { runs: RUNS } } }));
  await page.route(`**/api/automations/v1/flows/${flowId}/test`, (route) => route.fulfill({ json: { payload: { test: TEST } } }));
  await page.route('**/api/audience/v1/subscribers?*', (route) => route.fulfill({ json: { payload: { subscribers: [PERSON], next_cursor: null, total: 1 } } }));
  await page.route(`**/api/audience/v1/subscribers/${PERSON.id}/events`, (route) =>
    route.fulfill({
      json: {
        payload: {
          events: [{ name: 'cart_updated', occurred_at: '2026-11-24T21:40:00.000Z', source: 'api', value: 42, currency: 'EUR', campaign_ref: null, machine: null, properties: { cart_id: 'c-81' } }],
          next_cursor: null,
        },
      },
    }),
  );
}

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
    await answerForCart(page, cart.id);
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
    await page.getByRole('button', { name: 'Test with a person' }).click();
    const test = page.getByRole('dialog', { name: 'Test with a person' });
    await test.getByRole('textbox', { name: 'Find a subscriber' }).fill('ada');
    await test.getByRole('button', { name: 'Search' }).click();
    await test.getByRole('radio', { name: /^ada@lark\.example/ }).check();
    await test.getByRole('radio', { name: /^cart_updated/ }).check();
    await test.getByRole('button', { name: 'Run the test' }).click();
    await test.getByRole('region', { name: 'Test result' }).waitFor();
    await shoot(page, `${label}-flow-test`);
    await page.keyboard.press('Escape');

    await page.goto(flowPath(winBack.id));
    await page.getByRole('group', { name: /^Paths after/ }).waitFor();
    await shoot(page, `${label}-flow-win-back`);
  });
}
