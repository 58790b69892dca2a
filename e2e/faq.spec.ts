import type { Locator, Page } from '@playwright/test';
import { ROUTES } from '@postlark/shared/routes';
import { expect, test } from './support/fixtures';

// SPEC section 2: three accordion groups; one item per group is open at a time; a click toggles.
// Each question is a <button aria-expanded> controlling a role="region" answer, hidden when closed.

const GROUPS = ['Getting Started', 'Billing & Subscription', 'Support & Troubleshooting'] as const;

function group(page: Page, title: (typeof GROUPS)[number]): Locator {
  return page.getByRole('main').getByRole('region', { name: title, exact: true });
}

function questions(groupLocator: Locator): Locator {
  return groupLocator.locator('button[aria-controls]');
}

function expandedQuestions(groupLocator: Locator): Locator {
  return groupLocator.locator('button[aria-expanded="true"]');
}

/** The answer a question controls, found through its aria-controls as assistive technology does. */
async function answerOf(page: Page, question: Locator): Promise<Locator> {
  const id = await question.getAttribute('aria-controls');
  expect(id, 'the question names the answer it controls').toBeTruthy();
  return page.locator(`[id="${id}"]`);
}

async function expectOpen(page: Page, question: Locator): Promise<void> {
  await expect(question).toHaveAttribute('aria-expanded', 'true');
  const answer = await answerOf(page, question);
  await expect(answer).toHaveRole('region');
  await expect(answer).toBeVisible();
  await expect(answer).not.toBeEmpty();
}

async function expectClosed(page: Page, question: Locator): Promise<void> {
  await expect(question).toHaveAttribute('aria-expanded', 'false');
  await expect(await answerOf(page, question)).toBeHidden();
}

/** A group's own questions, at least three so "another item" and "a third item" exist. */
async function groupQuestions(page: Page, title: (typeof GROUPS)[number]) {
  const section = group(page, title);
  await expect(section).toBeVisible();
  const all = questions(section);
  expect(await all.count(), `${title} has enough questions`).toBeGreaterThanOrEqual(3);
  return { section, first: all.nth(0), second: all.nth(1), third: all.nth(2) };
}

test.describe('FAQ accordion', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto(ROUTES.faq);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });

  test('shows the three groups, each with at most one answer open', async ({ page }) => {
    for (const title of GROUPS) {
      const section = group(page, title);
      await expect(section).toBeVisible();
      await expect(section.getByRole('heading', { name: title, exact: true })).toBeVisible();
      expect(await expandedQuestions(section).count()).toBeLessThanOrEqual(1);
      // Every closed answer is really hidden, every open one shown.
      for (const question of await questions(section).all()) {
        if ((await question.getAttribute('aria-expanded')) === 'true') await expectOpen(page, question);
        else await expectClosed(page, question);
      }
    }
  });

  test('a click opens an answer, another click in the group switches, a click on the open one closes it', async ({ page }) => {
    const { section, second, third } = await groupQuestions(page, 'Getting Started');

    await second.click();
    await expectOpen(page, second);
    await expect(expandedQuestions(section)).toHaveCount(1);

    await third.click();
    await expectOpen(page, third);
    await expectClosed(page, second);
    await expect(expandedQuestions(section)).toHaveCount(1);

    await third.click();
    await expectClosed(page, third);
    await expect(expandedQuestions(section)).toHaveCount(0);

    await third.click();
    await expectOpen(page, third);
  });

  test('groups are independent', async ({ page }) => {
    const gettingStarted = await groupQuestions(page, 'Getting Started');
    const billing = await groupQuestions(page, 'Billing & Subscription');
    const support = await groupQuestions(page, 'Support & Troubleshooting');

    await gettingStarted.second.click();
    await billing.third.click();
    await support.second.click();

    await expectOpen(page, gettingStarted.second);
    await expectOpen(page, billing.third);
    await expectOpen(page, support.second);
    for (const { section } of [gettingStarted, billing, support]) {
      await expect(expandedQuestions(section)).toHaveCount(1);
    }

    // Closing one group's answer leaves the others as they were.
    await billing.third.click();
    await expectClosed(page, billing.third);
    await expectOpen(page, gettingStarted.second);
    await expectOpen(page, support.second);
  });

  test('works from the keyboard with Enter and Space', async ({ page }) => {
    const { section, second, third } = await groupQuestions(page, 'Billing & Subscription');

    await second.focus();
    await page.keyboard.press('Enter');
    await expectOpen(page, second);

    await third.focus();
    await page.keyboard.press('Space');
    await expectOpen(page, third);
    await expectClosed(page, second);
    await expect(expandedQuestions(section)).toHaveCount(1);

    await page.keyboard.press('Space');
    await expectClosed(page, third);
    await page.keyboard.press('Enter');
    await expectOpen(page, third);
    await expect(third).toBeFocused();
  });
});
