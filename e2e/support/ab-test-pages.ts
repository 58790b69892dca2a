import type { Page } from '@playwright/test';
import { fakeAiServerTest } from './ai';

// The A/B test's pieces (issue 20): the editor's card, a started test's card, the tests page.

export function abTestPanel(page: Page) {
  const card = page.getByRole('region', { name: 'A/B test', exact: true });
  return {
    card,
    setUp: card.getByRole('button', { name: 'Set up an A/B test' }),
    remove: card.getByRole('button', { name: 'Remove the test' }),
    dimension: (name: string) => card.getByRole('radio', { name, exact: true }),
    variant: (label: string, field: string) => card.getByRole('textbox', { name: `Variant ${label}: ${field}` }),
    addVariant: card.getByRole('button', { name: 'Add a variant' }),
    testShare: card.getByRole('spinbutton', { name: 'Test group (%)' }),
    metric: card.getByRole('combobox', { name: 'Winner by' }),
    wait: card.getByRole('combobox', { name: 'Longest wait' }),
    detectable: card.getByRole('status'),
  };
}

export function abTestsPage(page: Page) {
  const table = page.getByRole('table', { name: 'A/B tests' });
  return {
    heading: page.getByRole('heading', { level: 1, name: 'Auto A/B Testing' }),
    table,
    row: (name: string) => table.getByRole('row').filter({ has: page.getByRole('link', { name, exact: true }) }),
    filter: (name: string) => page.getByRole('group', { name: 'Show tests' }).getByRole('button', { name, exact: true }),
  };
}

/**
 * A server of its own whose A/B tests are looked at every second instead of every 5 minutes
 * (AB_LOOK_EVERY_SECONDS, a setting the decision does not depend on: its error rate holds however
 * often it looks), so a browser test sees a decision while it watches; its default AI provider is
 * the fake OpenAI-compatible server on loopback (as support/ai.ts sets it up), for suggested variants.
 */
export const abServerTest = fakeAiServerTest({ AB_LOOK_EVERY_SECONDS: '1' });
