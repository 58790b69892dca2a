import type { Page } from '@playwright/test';
import { ROUTES } from '@postlark/shared/routes';
import { expect, test } from './support/fixtures';
import { pageTop, siteFooter, waitlistDialog } from './support/page-helpers';

// SPEC section 2 (the landing page's nine sections) and section 9 (the plans).

const INTEGRATIONS = ['HubSpot', 'Mailchimp', 'beehiiv', 'OpenAI'];
const FEATURE_CARDS = [
  'Smart Send Optimization',
  'Automated A/B Testing',
  'Behavioral Personalization',
  'Engagement Scoring',
  'Predictive Recommendations',
];
const STEPS = ['Sign Up', 'Customize', 'Send & Shine'];
const UNIQUE_FEATURES = ['Event-Triggered Campaigns', 'Purchase-Based Insights'];
const PLANS = ['Basic Plan', 'Premium Plan', 'Enterprise Plan'];

test.describe('root route', () => {
  test('/ redirects to /landing', async ({ page }) => {
    await page.goto(ROUTES.root);
    await expect(page).toHaveURL((url) => url.pathname === ROUTES.landing);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });
});

// Issue 38, point 7: returning customers find the way in from the header, beside Join Waitlist, at every width.
test.describe('the header’s Log in', () => {
  for (const [label, viewport] of [
    ['phone', { width: 390, height: 844 }],
    ['desktop', { width: 1440, height: 900 }],
  ] as const) {
    test(`at ${label} width it sits beside Join Waitlist and leads to /login, which leads on to /signup`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.goto(ROUTES.privacy);
      const header = page.getByRole('banner');
      const logIn = header.getByRole('link', { name: 'Log in', exact: true });
      const join = header.getByRole('button', { name: 'Join Waitlist' });
      await expect(logIn).toBeVisible();
      await expect(join).toBeVisible();
      // Side by side, on one row, inside the page.
      const [login, waitlist] = [(await logIn.boundingBox())!, (await join.boundingBox())!];
      expect(login.x + login.width).toBeLessThanOrEqual(waitlist.x);
      expect(Math.abs(login.y + login.height / 2 - (waitlist.y + waitlist.height / 2))).toBeLessThan(2);
      expect(waitlist.x + waitlist.width).toBeLessThanOrEqual(viewport.width);

      await logIn.click();
      await expect(page).toHaveURL((url) => url.pathname === ROUTES.login);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in');
      await page.getByRole('link', { name: 'Create an account' }).click();
      await expect(page).toHaveURL((url) => url.pathname === ROUTES.signup);
    });
  }
});

test.describe('landing page', () => {
  test('shows the nine sections in the order of the spec, then the footer', async ({ page }) => {
    await page.goto(ROUTES.landing);
    const main = page.getByRole('main');

    // 1. Hero: the headline and its waitlist input with a submit action.
    const hero = main.getByRole('heading', { level: 1 });
    await expect(hero).toBeVisible();
    const heroEmail = main.getByRole('textbox').first();
    await expect(heroEmail).toBeVisible();

    // 2. Integrations row.
    const integrations = INTEGRATIONS.map((name) => main.getByText(name, { exact: true }));
    for (const integration of integrations) await expect(integration).toBeVisible();

    // 3. Product Overview with its five feature cards.
    const overview = main.getByText('Product Overview', { exact: true });
    await expect(overview).toBeVisible();
    const features = FEATURE_CARDS.map((title) => main.getByRole('heading', { name: title, exact: true }));
    for (const feature of features) await expect(feature).toBeVisible();

    // 4. The campaign ticker: a labelled strip of campaign types, read once by screen readers.
    const ticker = main.getByRole('region', { name: /campaign/i });
    await expect(ticker).toBeVisible();
    expect(await ticker.getByRole('listitem').count()).toBeGreaterThanOrEqual(3);

    // 5. How it works.
    const howItWorks = main.getByText('How it works', { exact: true });
    await expect(howItWorks).toBeVisible();
    const steps = STEPS.map((title) => main.getByRole('heading', { name: title, exact: true }));
    for (const step of steps) await expect(step).toBeVisible();

    // 6. Unique Features.
    const unique = main.getByText('Unique Features', { exact: true });
    await expect(unique).toBeVisible();
    const uniqueCards = UNIQUE_FEATURES.map((title) => main.getByRole('heading', { name: title, exact: true }));
    for (const card of uniqueCards) await expect(card).toBeVisible();

    // 7. Three testimonials.
    const quotes = main.getByRole('blockquote');
    await expect(quotes).toHaveCount(3);
    for (const quote of await quotes.all()) await expect(quote).toBeVisible();

    // 8. Pricing with three plans.
    const plans = PLANS.map((name) => main.getByRole('heading', { name, exact: true }));
    for (const plan of plans) await expect(plan).toBeVisible();

    // 9. The subscribe block (a second waitlist input), then the footer.
    const subscribeEmail = main.getByRole('textbox').last();
    await expect(subscribeEmail).toBeVisible();
    await expect(main.getByRole('textbox')).toHaveCount(2);
    const footer = siteFooter(page);
    await expect(footer).toBeVisible();

    const inOrder = [
      hero,
      heroEmail,
      ...integrations,
      overview,
      ...features,
      ticker,
      howItWorks,
      ...steps,
      unique,
      ...uniqueCards,
      quotes.first(),
      ...plans,
      subscribeEmail,
      footer,
    ];
    const tops: number[] = [];
    for (const locator of inOrder) tops.push(await pageTop(locator));
    // Cards in one row share a top edge, so the order only has to never go back up.
    for (let index = 1; index < tops.length; index += 1) {
      expect(tops[index], `element ${index} of the landing order`).toBeGreaterThanOrEqual(tops[index - 1] ?? 0);
    }
    // Each section proper sits strictly below the previous one.
    const sectionStarts = [
      hero,
      main.getByText('HubSpot', { exact: true }),
      overview,
      ticker,
      howItWorks,
      unique,
      quotes.first(),
      main.getByRole('heading', { name: 'Basic Plan', exact: true }),
      subscribeEmail,
      footer,
    ];
    const sectionTops: number[] = [];
    for (const locator of sectionStarts) sectionTops.push(await pageTop(locator));
    for (let index = 1; index < sectionTops.length; index += 1) {
      expect(sectionTops[index], `section ${index + 1} starts below section ${index}`).toBeGreaterThan(sectionTops[index - 1] ?? 0);
    }
  });
});

test.describe('pricing', () => {
  function planCard(page: Page, name: string) {
    return page
      .getByRole('main')
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name, exact: true }) });
  }

  test('the Basic plan opens the waitlist modal', async ({ page }) => {
    await page.goto(ROUTES.landing);
    const button = planCard(page, 'Basic Plan').getByRole('button');
    await expect(button).toBeEnabled();
    await button.click();
    await expect(waitlistDialog(page)).toBeVisible();
    await expect(waitlistDialog(page).getByRole('textbox', { name: 'Email' })).toBeVisible();
  });

  test('Premium and Enterprise are disabled and labelled Coming Soon', async ({ page }) => {
    await page.goto(ROUTES.landing);
    for (const name of ['Premium Plan', 'Enterprise Plan']) {
      const button = planCard(page, name).getByRole('button');
      await expect(button).toHaveText('Coming Soon');
      await expect(button).toBeDisabled();
    }
  });
});
