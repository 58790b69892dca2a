// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { createElement as h, useEffect, useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { CAMPAIGN_CHECK_TEXTS, type CampaignCheck } from '@postlark/shared/campaign-checks';
import type { ChecksState } from '../hooks/use-campaign-checks';
import { CampaignChecksPanel } from './campaign-checks-panel';

// "Check before sending" as the customer meets it beside the preview: a button, a spinner while
// the server asks every link, then each verdict in words and by icon, what needs doing first.

const CHECKS: CampaignCheck[] = [
  { id: 'from', status: 'pass', title: CAMPAIGN_CHECK_TEXTS.fromTitle, detail: CAMPAIGN_CHECK_TEXTS.fromOwnDomain('larkletters.example') },
  { id: 'size', status: 'warn', title: CAMPAIGN_CHECK_TEXTS.sizeTitle, detail: CAMPAIGN_CHECK_TEXTS.sizeOver(120_000) },
  { id: 'links', status: 'warn', title: CAMPAIGN_CHECK_TEXTS.linksTitle, detail: CAMPAIGN_CHECK_TEXTS.linksBroken([CAMPAIGN_CHECK_TEXTS.linkStatus('https://larkletters.example/gone', 404)]) },
  { id: 'content', status: 'fail', title: CAMPAIGN_CHECK_TEXTS.contentTitle, detail: 'Add some content.' },
];

/** The panel as the editor holds it: Run moves to running; `settle` ends the run the way the server answered. */
let settle: (state: ChecksState) => void = () => undefined;
function Editor({ saved = true, dirty = false }: { saved?: boolean; dirty?: boolean }) {
  const [state, setState] = useState<ChecksState>({ phase: 'idle' });
  useEffect(() => {
    settle = setState;
  }, []);
  return h(CampaignChecksPanel, { state, saved, dirty, onRun: () => setState({ phase: 'running', previous: state.phase === 'done' ? state.checks : null }) });
}

afterEach(cleanup);

describe('check before sending', () => {
  it('runs on request, shows progress, then lists each verdict in words, what to fix first', () => {
    render(h(Editor, {}));
    const panel = screen.getByRole('region', { name: CAMPAIGN_CHECK_TEXTS.runTitle });
    expect(within(panel).getByText(CAMPAIGN_CHECK_TEXTS.runIntro)).toBeTruthy();
    fireEvent.click(within(panel).getByRole('button', { name: CAMPAIGN_CHECK_TEXTS.run }));

    expect(within(panel).getByRole('status').textContent).toBe(CAMPAIGN_CHECK_TEXTS.running);
    expect((within(panel).getByRole('button', { name: CAMPAIGN_CHECK_TEXTS.runningShort }) as HTMLButtonElement).disabled).toBe(true);
    expect(panel.getAttribute('aria-busy')).toBe('true');

    act(() => settle({ phase: 'done', checks: CHECKS }));
    expect(within(panel).getByRole('status').textContent).toBe(CAMPAIGN_CHECK_TEXTS.summary(1, 2));
    const items = within(within(panel).getByRole('list', { name: CAMPAIGN_CHECK_TEXTS.runTitle })).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      `✕${CAMPAIGN_CHECK_TEXTS.contentTitle}${CAMPAIGN_CHECK_TEXTS.statusLabel.fail}Add some content.`,
      `!${CAMPAIGN_CHECK_TEXTS.sizeTitle}${CAMPAIGN_CHECK_TEXTS.statusLabel.warn}${CHECKS[1]!.detail}`,
      `!${CAMPAIGN_CHECK_TEXTS.linksTitle}${CAMPAIGN_CHECK_TEXTS.statusLabel.warn}${CHECKS[2]!.detail}`,
      `✓${CAMPAIGN_CHECK_TEXTS.fromTitle}${CAMPAIGN_CHECK_TEXTS.statusLabel.pass}${CHECKS[0]!.detail}`,
    ]);
    expect(items[2]!.textContent).toContain('https://larkletters.example/gone (answers 404)');

    // Run again: the last verdicts stay in view, dimmed, until the new ones come.
    fireEvent.click(within(panel).getByRole('button', { name: CAMPAIGN_CHECK_TEXTS.again }));
    expect(within(panel).getByRole('status').textContent).toBe(CAMPAIGN_CHECK_TEXTS.running);
    expect(within(panel).getAllByRole('listitem')).toHaveLength(4);
    act(() => settle({ phase: 'failed', message: CAMPAIGN_CHECK_TEXTS.tooOften, previous: CHECKS }));
    expect(within(panel).getByRole('alert').textContent).toBe(CAMPAIGN_CHECK_TEXTS.tooOften);
  });

  it('says a new campaign must be saved first, and that unsaved changes are not checked', () => {
    const { rerender } = render(h(Editor, { saved: false }));
    expect(screen.getByText(CAMPAIGN_CHECK_TEXTS.notSaved)).toBeTruthy();
    expect((screen.getByRole('button', { name: CAMPAIGN_CHECK_TEXTS.run }) as HTMLButtonElement).disabled).toBe(true);
    rerender(h(Editor, { saved: true, dirty: true }));
    expect(screen.getByText(CAMPAIGN_CHECK_TEXTS.unsavedChanges)).toBeTruthy();
  });

  it('in the send dialog, shows the same verdicts without the card', () => {
    render(h(CampaignChecksPanel, { state: { phase: 'done', checks: CHECKS.slice(0, 2) }, saved: true, dirty: false, onRun: () => undefined, compact: true }));
    expect(screen.queryByRole('region')).toBeNull();
    expect(screen.getByRole('heading', { name: CAMPAIGN_CHECK_TEXTS.runTitle })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe(CAMPAIGN_CHECK_TEXTS.summary(0, 1));
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
  });
});
