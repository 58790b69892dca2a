import { ROUTES } from '@postlark/shared/routes';
import { expect, test } from './support/fixtures';
import { siteFooter } from './support/page-helpers';

// The public pages on a small phone, and the scroll animations for visitors who allow motion.

const PHONE_PAGES = [ROUTES.landing, ROUTES.privacy, ROUTES.faq, ROUTES.term, ROUTES.policies];

test.describe('small screens (375 px)', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  for (const path of PHONE_PAGES) {
    test(`${path} has no horizontal scroll`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(siteFooter(page)).toBeVisible();
      // Web fonts and lazy chunks can change widths after the first paint; wait for them to settle.
      await page.evaluate(() => document.fonts.ready.then(() => undefined));
      const { scrollWidth, innerWidth } = await page.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        innerWidth: window.innerWidth,
      }));
      expect(scrollWidth, `page width at ${innerWidth} px`).toBeLessThanOrEqual(innerWidth);
    });
  }
});

test.describe('scroll animations', () => {
  // Everywhere else motion is reduced, which turns the animations off; here a visitor allows it.
  test.use({ reducedMotion: 'no-preference' });

  test('landing sections far down the page appear when scrolled to', async ({ page }) => {
    await page.goto(ROUTES.landing);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const main = page.getByRole('main');
    const basicPlan = main.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Basic Plan', exact: true }) });
    const opacity = () => basicPlan.evaluate((element) => getComputedStyle(element).opacity);

    // Before the visitor gets there the card waits, faded out, for its entrance.
    await expect.poll(opacity).toBe('0');

    await basicPlan.scrollIntoViewIfNeeded();
    await expect.poll(opacity).toBe('1');
    await expect(basicPlan.getByRole('button')).toBeVisible();

    // The last animated block, the subscribe panel, also ends up fully shown.
    const subscribeEmail = main.getByRole('textbox').last();
    await subscribeEmail.scrollIntoViewIfNeeded();
    await expect
      .poll(() =>
        subscribeEmail.evaluate((element) => {
          // The nearest animated ancestor decides whether the visitor can see the field.
          const animated = element.closest('[data-aos]');
          return animated ? getComputedStyle(animated).opacity : '1';
        }),
      )
      .toBe('1');
  });
});
